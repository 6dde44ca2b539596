/// What an export selects, by the request's time range and filters. Every method runs inside
/// the caller's transaction, and reads at most `limit` rows.
struct ExportQueryRepository: Sendable {
    /// The messages in the range, by id with their channel's row id, grouped by channel,
    /// oldest first in each.
    func messageIDs(_ request: ExportRequest, limit: Int, in db: Database) throws -> [(id: Int64, channelID: Int64)] {
        var conditions = Conditions()
        conditions.add("m.created_at >= ? AND m.created_at <= ?", [request.startTS, request.endTS])
        addChannelFilters(request, to: &conditions)
        let users = UserRepository()
        if !request.senderIDs.isEmpty {
            let rows = SQL.ValueList(Array(try users.rowIDs(of: request.senderIDs, in: db).values) + [-1])
            conditions.add("m.sender_id IN (\(rows.placeholders))", rows.arguments)
        }
        if !request.excludeSenderIDs.isEmpty {
            let rows = SQL.ValueList(Array(try users.rowIDs(of: request.excludeSenderIDs, in: db).values) + [-1])
            conditions.add("(m.sender_id IS NULL OR m.sender_id NOT IN (\(rows.placeholders)))", rows.arguments)
        }
        return try Row.fetchAll(
            db, sql: """
                SELECT m.id, m.channel_id FROM messages m JOIN channels c ON c.id = m.channel_id \(conditions.whereClause)
                ORDER BY m.channel_id, m.created_at, m.id LIMIT \(limit)
                """,
            arguments: conditions.arguments
        ).map { row in (id: row["id"], channelID: row["channel_id"]) }
    }

    /// The channels created in the range, in creation order.
    func channels(_ request: ExportRequest, limit: Int, in db: Database) throws -> [(url: String, type: ChannelType)] {
        var conditions = Conditions()
        conditions.add("c.created_at >= ? AND c.created_at <= ?", [request.startTS, request.endTS])
        addChannelFilters(request, to: &conditions)
        return try Row.fetchAll(
            db, sql: "SELECT c.channel_url, c.channel_type FROM channels c \(conditions.whereClause) ORDER BY c.id LIMIT \(limit)",
            arguments: conditions.arguments
        ).map { ($0["channel_url"], ChannelType(rawValue: $0["channel_type"]) ?? .group) }
    }

    /// The users created in the range (only those named, when some are), in creation order.
    func users(_ request: ExportRequest, limit: Int, in db: Database) throws -> [(userID: String, isActive: Bool)] {
        var conditions = Conditions()
        conditions.add("created_at >= ? AND created_at <= ? AND deleted_at IS NULL", [request.startTS, request.endTS])
        if !request.userIDs.isEmpty {
            let list = SQL.ValueList(request.userIDs)
            conditions.add("user_id IN (\(list.placeholders))", list.arguments)
        }
        return try Row.fetchAll(
            db, sql: "SELECT user_id, is_active FROM users \(conditions.whereClause) ORDER BY id LIMIT \(limit)",
            arguments: conditions.arguments
        ).map { ($0["user_id"], $0["is_active"]) }
    }

    /// Channel URLs in or out, channel custom types: on `c`, the channels table. A channel being
    /// deleted (`ChannelDeletion`) is gone already.
    private func addChannelFilters(_ request: ExportRequest, to conditions: inout Conditions) {
        conditions.add("c.deleted_at IS NULL")
        if !request.channelURLs.isEmpty {
            let list = SQL.ValueList(request.channelURLs)
            conditions.add("c.channel_url IN (\(list.placeholders))", list.arguments)
        }
        if !request.excludeChannelURLs.isEmpty {
            let list = SQL.ValueList(request.excludeChannelURLs)
            conditions.add("c.channel_url NOT IN (\(list.placeholders))", list.arguments)
        }
        if !request.channelCustomTypes.isEmpty {
            let list = SQL.ValueList(request.channelCustomTypes)
            conditions.add("c.custom_type IN (\(list.placeholders))", list.arguments)
        }
    }
}
