import GRDB

/// Reacts to a message just sent, inside the send's transaction, after its effects and
/// events: push notifications, which sit above messages, use it. `mentioned` holds the
/// row ids of the users the message names; `sendPush` is the request's `send_push`.
protocol MessageSendObserver: Sendable {
    func sent(
        _ message: MessageRecord, in channel: ChannelRecord, mentioned: [Int64], sendPush: Bool?, at time: Int64, in db: Database
    ) throws
}
