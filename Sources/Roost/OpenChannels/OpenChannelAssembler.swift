/// Builds open channel objects for many channels in a fixed number of queries.
struct OpenChannelAssembler: Sendable {
    private let users = UserRepository()
    private let operators = OperatorRepository()

    func channels(_ records: [ChannelRecord], showMetadata: Bool, in db: Database) throws -> [OpenChannel] {
        let channelIDs = records.map(\.rowID)
        let operatorIDs = try operators.operators(ofChannels: channelIDs, in: db)
        let summaries = try users.summaries(ofRows: operatorIDs.values.flatMap { $0 }, in: db)
        let metadataByChannel = showMetadata ? try ChannelMetadataTables.metadata.items(ofOwners: channelIDs, in: db) : [:]
        return records.map { record in
            OpenChannel(
                channel: record,
                operators: (operatorIDs[record.rowID] ?? []).compactMap { summaries[$0] },
                metadata: showMetadata ? metadataByChannel[record.rowID] ?? [:] : nil
            )
        }
    }

    func channel(_ record: ChannelRecord, in db: Database) throws -> OpenChannel {
        try channels([record], showMetadata: false, in: db)[0]
    }
}
