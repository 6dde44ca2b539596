/// The sends the flood limit counts (`FloodLimit`): a sender's messages in a channel stamped
/// within the last second, and the sends that the messages do not show at their time
/// (`flood_sends`).
struct FloodRepository: Sendable {
    /// How many messages `sender` sent in `channel` in the second up to `now`, as SQL over those
    /// three expressions. Both counts walk an index on sender, channel and time.
    static func sentWithinSecond(by sender: String, in channel: String, at now: String) -> String {
        """
        ((SELECT count(*) FROM messages WHERE sender_id = \(sender) AND channel_id = \(channel) \
        AND created_at > \(now) - 1000 AND created_at <= \(now)) \
        + (SELECT count(*) FROM flood_sends WHERE sender_id = \(sender) AND channel_id = \(channel) \
        AND sent_at > \(now) - 1000 AND sent_at <= \(now)))
        """
    }

    /// Counts a send whose message is not kept (an ephemeral channel's) or is stamped with a time
    /// other than `now`, and forgets the sends that no longer count: older than a second, or
    /// after `now` (the emulator's clock was turned back).
    func recordUnseenSend(by sender: Int64, in channel: Int64, at now: Int64, in db: Database) throws {
        try db.executeCached(sql: "DELETE FROM flood_sends WHERE sent_at <= ? OR sent_at > ?", arguments: [now - 1000, now])
        try db.executeCached(sql: "INSERT INTO flood_sends (sender_id, channel_id, sent_at) VALUES (?, ?, ?)", arguments: [sender, channel, now])
    }
}
