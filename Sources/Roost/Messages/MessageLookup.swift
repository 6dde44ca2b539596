/// Finds a message by its channel's path and its id, inside the caller's transaction: the
/// channel must exist and hold the message, which must not have been deleted.
struct MessageLookup: Sendable {
    private let channels = ChannelRepository()
    private let messages = MessageRepository()

    func existing(_ id: Int64, of type: ChannelType, _ url: String, in db: Database) throws -> (ChannelRecord, MessageRecord) {
        let channel = try channels.existing(type, url: url, in: db)
        guard let record = try messages.find(id: id, in: db), record.channelID == channel.rowID, !record.isRemoved else {
            throw APIError.notFound("Message")
        }
        return (channel, record)
    }
}
