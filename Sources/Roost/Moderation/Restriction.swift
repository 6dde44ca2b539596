/// A ban or a mute of one user in one channel: a row of the bans or mutes table.
struct Restriction: Sendable, Equatable, FetchableRecord {
    enum Kind: String, Sendable {
        case ban = "bans", mute = "mutes"
    }

    var channelID: Int64
    var userRowID: Int64
    var agentRowID: Int64?
    var description: String
    var startAt: Int64
    var endAt: Int64

    /// The columns `init(row:)` reads, in its order. Mutes have no agent: their queries
    /// select NULL in its place.
    enum Columns: Int, TableColumns {
        case channel_id, user_id, agent_id, description, start_at, end_at
    }
}

extension Restriction {
    init(row: Row) {
        channelID = row[Columns.channel_id]
        userRowID = row[Columns.user_id]
        agentRowID = row[Columns.agent_id]
        description = row[Columns.description]
        startAt = row[Columns.start_at]
        endAt = row[Columns.end_at]
    }
}

/// How a ban's or mute's end reads: a permanent one (ten years, as "-1 seconds" gives) shows
/// -1 for its end and its time left, as Sendbird's mute pages say ("A value of -1 indicates
/// that no time limit is imposed").
enum RestrictionEnd {
    static func shown(start: Int64, end: Int64) -> Int64 {
        end - start >= ModerationService.permanentMilliseconds ? -1 : end
    }

    static func remaining(start: Int64, end: Int64, now: Int64) -> Int64 {
        shown(start: start, end: end) == -1 ? -1 : max(0, end - now)
    }
}
