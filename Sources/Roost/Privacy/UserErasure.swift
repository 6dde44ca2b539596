import Foundation

/// Erases users for a GDPR deletion, a bounded step per write transaction, so that other
/// writes never wait long behind it, however much the users wrote: each user's group channels
/// as the option says (their messages a batch at a time, then the channel), the messages they
/// sent, every event, failed webhook, report, announcement, scheduled message, push and export
/// that names them, then the users themselves (their metadata, tokens, memberships and the
/// rest go with their rows); last, the search index is compacted a step at a time, so that no
/// deleted text lingers in it. The GDPR request that asked for it is the one record left that
/// names them.
///
/// Where it is, is the job's payload (`Progress`), saved with each step: a run cut short
/// resumes after the last step that committed. What a step deletes is found on a snapshot
/// before the write (`nextStep`); the write deletes just that (`perform`). Uploaded files go
/// only after the commit that deleted their messages.
struct UserErasure: Sendable {
    let files: FileStorage
    private let users = UserRepository()
    private let channels = ChannelRepository()
    private let erasure = ErasureRepository()

    enum ChannelOption: String, Sendable {
        case doNotDelete = "do_not_delete"
        case oneOnOne = "1_on_1"
        case all
    }

    /// Messages deleted per step: a few milliseconds of the writer.
    static let messagesPerStep = 500
    /// Events looked through per step.
    static let eventsPerStep = 20_000

    /// How far an erasure has come: the user it is at (an index into the request's users),
    /// what of theirs it is deleting, and for events the last one looked at.
    struct Progress: Codable, Sendable, Equatable {
        enum Phase: String, Codable, Sendable {
            case channels, messages, events, records, user, index
        }

        var user = 0
        var phase = Phase.channels
        var afterEvent: Int64 = 0
        /// Whether this erasure has begun compacting the search index.
        var compacting = false

        enum CodingKeys: String, CodingKey {
            case user, phase, afterEvent = "after_event", compacting
        }

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            user = try container.decodeIfPresent(Int.self, forKey: .user) ?? 0
            phase = try container.decodeIfPresent(Phase.self, forKey: .phase) ?? .channels
            afterEvent = try container.decodeIfPresent(Int64.self, forKey: .afterEvent) ?? 0
            compacting = try container.decodeIfPresent(Bool.self, forKey: .compacting) ?? false
        }
    }

    /// What one step deletes, found on a snapshot.
    enum Step: Sendable {
        /// Nothing to delete here: go on to `Progress`.
        case advance(Progress)
        case messages([ChannelRepository.DoomedMessage], then: Progress)
        case channel(Int64, then: Progress)
        case events([Int64], then: Progress)
        /// The smaller tables, and the files made before that hold the user's id.
        case records(String, files: [ErasureRepository.LinkedFile], then: Progress)
        case user(String, then: Progress)
        /// One step of compacting the search index.
        case compact
        case finished
    }

    /// Reads, on a snapshot, what the step after `progress` deletes. Files made before are
    /// looked into here, outside any transaction.
    func nextStep(of userIDs: [String], channels option: ChannelOption, after progress: Progress, in db: Database) throws -> Step {
        guard progress.user < userIDs.count else { return progress.phase == .index ? .compact : .finished }
        let userID = userIDs[progress.user]
        var next = progress
        guard let rowID = try users.rowID(of: userID, in: db) else {
            next.user += 1
            next.phase = next.user < userIDs.count ? .channels : .index
            next.afterEvent = 0
            return .advance(next)
        }
        switch progress.phase {
        case .channels:
            guard option != .doNotDelete, let channel = try erasure.channel(of: rowID, all: option == .all, in: db) else {
                next.phase = .messages
                return .advance(next)
            }
            let doomed = try channels.oldestMessages(of: channel, limit: Self.messagesPerStep, in: db)
            return doomed.isEmpty ? .channel(channel, then: next) : .messages(doomed, then: next)
        case .messages:
            let doomed = try erasure.messages(sentBy: rowID, limit: Self.messagesPerStep, in: db)
            guard !doomed.isEmpty else {
                next.phase = .events
                return .advance(next)
            }
            return .messages(doomed, then: next)
        case .events:
            let last = try erasure.lastEventSeq(in: db)
            guard progress.afterEvent < last else {
                next.phase = .records
                return .advance(next)
            }
            let through = min(last, progress.afterEvent + Int64(Self.eventsPerStep))
            next.afterEvent = through
            return .events(try erasure.events(naming: userID, after: progress.afterEvent, through: through, in: db), then: next)
        case .records:
            // Files made before (exports, access files) are zips of stored, uncompressed JSON:
            // one that holds the id names the user.
            let needle = Data(userID.utf8)
            let naming = try erasure.linkedFiles(in: db).filter { files.contents(of: $0.url)?.range(of: needle) != nil }
            next.phase = .user
            return .records(userID, files: naming, then: next)
        case .user:
            next.user += 1
            next.phase = next.user < userIDs.count ? .channels : .index
            next.afterEvent = 0
            return .user(userID, then: next)
        case .index:
            return .compact
        }
    }

    /// Deletes what `step` found, inside the write; answers the progress after it, or nil
    /// when the erasure is finished.
    func perform(_ step: Step, after progress: Progress, in db: Database, afterCommit: AfterCommit) throws -> Progress? {
        switch step {
        case .advance(let next):
            return next
        case .messages(let doomed, let next):
            try channels.deleteMessages(doomed.map(\.id), in: db)
            let urls = doomed.compactMap { $0.file.flatMap { JSONColumn.decode(FileInfo.self, from: $0)?.url } }
            // A file message may name any URL: only Roost's own uploads are Roost's to delete.
            afterCommit.add { [files] in for url in urls { files.removeUpload(url: url) } }
            return next
        case .channel(let channelID, let next):
            try channels.delete(rowID: channelID, in: db)
            return next
        case .events(let seqs, let next):
            try erasure.deleteEvents(seqs, in: db)
            return next
        case .records(let userID, let linked, let next):
            let urls = try erasure.deleteRecords(naming: userID, in: db)
            for file in linked { try erasure.unlink(file, in: db) }
            afterCommit.add { [files] in for url in urls + linked.map(\.url) { files.remove(url: url) } }
            return next
        case .user(let userID, let next):
            try users.delete(userID, in: db)
            return next
        case .compact:
            guard !progress.compacting else { return try SearchIndex.compactionStep(in: db) ? progress : nil }
            // The index drops the erased messages first (a batch a step while many are
            // queued, as its follower does), so that the compaction leaves none of their words
            // behind; the last few go in the compaction's first step.
            guard try SearchIndex.queued(atMost: SearchIndex.batchSize, db) else {
                try SearchIndex.catchUp(in: db, limit: SearchIndex.batchSize)
                return progress
            }
            try SearchIndex.catchUp(in: db)
            var next = progress
            next.compacting = true
            return try SearchIndex.beginCompaction(in: db) ? next : nil
        case .finished:
            return nil
        }
    }
}
