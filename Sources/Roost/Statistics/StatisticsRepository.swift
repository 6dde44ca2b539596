/// The counts Sendbird's statistics are made of, read from what Roost recorded: the activity
/// and departure tables, connection peaks, and the messages, channels and users tables. Every
/// method runs inside the caller's transaction.
struct StatisticsRepository: Sendable {
    /// Users active on a UTC day.
    func activeUsers(onDay day: Int64, in db: Database) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM user_activity WHERE day = ?"), arguments: [day]) ?? 0
    }

    /// Users active on any day from `first` through `last`.
    func activeUsers(fromDay first: Int64, throughDay last: Int64, in db: Database) throws -> Int {
        try Int.fetchOne(
            db.cachedStatement(sql: "SELECT COUNT(DISTINCT user_id) FROM user_activity WHERE day BETWEEN ? AND ?"), arguments: [first, last]
        ) ?? 0
    }

    /// Users' own event streams open now.
    func openStreams(in db: Database) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT COALESCE(SUM(open_streams), 0) FROM users WHERE open_streams > 0")) ?? 0
    }

    /// The most connections open at once on each day from `first` through `last` that had any.
    func connectionPeaks(fromDay first: Int64, throughDay last: Int64, in db: Database) throws -> [Int64: Int] {
        let rows = try Row.fetchAll(
            db.cachedStatement(sql: "SELECT day, peak FROM connection_peaks WHERE day BETWEEN ? AND ?"), arguments: [first, last]
        )
        return Dictionary(rows.map { ($0["day"], $0["peak"]) }, uniquingKeysWith: max)
    }

    /// One advanced analytics metric between two times in milliseconds (the same span as UTC `days`).
    func value(of metric: AnalyticsMetric, from start: Int64, to end: Int64, days: Range<Int64>, in db: Database) throws -> Double {
        func count(_ sql: String, _ arguments: StatementArguments) throws -> Double {
            Double(try Int.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) ?? 0)
        }
        let span: StatementArguments = [start, end]
        let daySpan: StatementArguments = [days.lowerBound, days.upperBound]
        let sentMessages = "FROM messages WHERE created_at >= ? AND created_at < ? AND \(ChannelRepository.messageOfLiveChannel)"
        let sentByUsers = "\(sentMessages) AND sender_id IS NOT NULL AND \(DeletedUserRepository.messageOfLiveSender)"
        switch metric {
        case .messages:
            return try count("SELECT COUNT(*) \(sentMessages)", span)
        case .messagesPerUser:
            let sent = try count("SELECT COUNT(*) \(sentByUsers)", span)
            let senders = try count("SELECT COUNT(DISTINCT sender_id) \(sentByUsers)", span)
            return senders == 0 ? 0 : (sent / senders * 100).rounded() / 100
        case .createdChannels:
            return try count("SELECT COUNT(*) FROM channels WHERE created_at >= ? AND created_at < ? AND deleted_at IS NULL", span)
        case .activeChannels:
            return try count("SELECT COUNT(DISTINCT channel_id) \(sentMessages)", span)
        case .messageSenders:
            return try count("SELECT COUNT(DISTINCT sender_id) \(sentByUsers)", span)
        case .messageViewers:
            return try count("SELECT COUNT(DISTINCT user_id) FROM user_activity WHERE day >= ? AND day < ? AND viewed = 1", daySpan)
        case .createdUsers:
            return try count("SELECT COUNT(*) FROM users WHERE created_at >= ? AND created_at < ? AND deleted_at IS NULL", span)
        case .deactivatedUsers:
            return try count("SELECT COALESCE(SUM(count), 0) FROM user_departures WHERE kind = 'deactivated' AND day >= ? AND day < ?", daySpan)
        case .deletedUsers:
            return try count("SELECT COALESCE(SUM(count), 0) FROM user_departures WHERE kind = 'deleted' AND day >= ? AND day < ?", daySpan)
        }
    }
}
