import ServiceLifecycle
import Synchronization

/// State derived from the event log rather than written with each change: the push outbox,
/// the activity statistics. A consumer works out on a snapshot what a batch of events makes,
/// then writes it in the transaction that moves its cursor past them, so each event counts
/// exactly once, even across a crash.
protocol EventConsumer: Sendable {
    associatedtype Prepared: Sendable
    /// The name its cursor is kept under in `delivery_cursors`.
    var name: String { get }
    /// The categories it reads.
    var categories: [EventCategory] { get }
    /// Whether the events could make anything now (push: a provider is configured). While
    /// not, no event is read: the cursor only moves along.
    func isActive(in db: Database) throws -> Bool
    /// What a batch of events makes, worked out on a snapshot; nil when nothing.
    func prepare(_ events: [StoredEvent], in db: Database) throws -> Prepared?
    /// Writes what `prepare` worked out.
    func apply(_ prepared: Prepared, in db: Database) throws
}

/// Follows the event log for one consumer, after each commit, in transactions of its own
/// (`Follower`): the writes that record events pay nothing for what the events make. One node
/// of those on a database follows (`HeldDuty`), woken by every node's commits.
/// Readers that must see it current (`GET /roost/pushes`) wait with `caughtUp()`.
final class EventFollower<Consumer: EventConsumer>: Service, CustomStringConvertible, Sendable {
    var description: String { "EventFollower(\(name))" }

    private let name: String
    private let database: AppDatabase
    private let follower: Follower
    private let cursor: Cursor<Consumer>
    private let duty: HeldDuty

    init(_ consumer: Consumer, database: AppDatabase) {
        name = consumer.name
        self.database = database
        let cursor = Cursor(consumer: consumer, database: database)
        let duty = HeldDuty("follower:\(consumer.name)")
        self.cursor = cursor
        self.duty = duty
        follower = Follower(commits: { database.commitCount }) { duty.isHeld ? try await cursor.pass() : false }
        database.onCommit { [follower] in follower.poke() }
        database.onCommitElsewhere { [follower] in follower.poke() }
    }

    /// Puts a consumer that never ran at the head of the log, before anything is served: it
    /// follows what comes next, not everything recorded before it existed. Tries for its duty
    /// from then on (on SQLite, holds it at once): a request may come before `run`.
    func register() async throws {
        try await database.write { [name] db in try DeliveryCursorRepository().register(name, in: db) }
        duty.start(on: database) { [follower] in follower.poke() }
    }

    func run() async throws {
        follower.start()
        try? await gracefulShutdown()
        await duty.stop()
        await follower.stop()
    }

    /// Waits until every event committed before now has been followed. With other nodes, that
    /// is the log's head now, whichever node wrote it: a pass reaches it.
    func caughtUp() async {
        guard database.mayHaveOtherNodes else { return await follower.caughtUp() }
        let deadline = ContinuousClock.now + Self.longestWait
        guard duty.isHeld else {
            // Another node follows: this reader's node passes itself, and the cursor's check
            // keeps each event made once, whichever node writes it first.
            while ContinuousClock.now < deadline, (try? await cursor.pass()) == true {}
            return
        }
        guard let target = try? await database.read({ [cursor] db in try cursor.head(in: db) }) else { return }
        follower.hurry()
        while !cursor.hasPassed(target), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// How long a reader waits at most: a follower that keeps failing must not hold it up forever.
    private static var longestWait: Duration { .seconds(10) }
}

/// A consumer's place in the log, and its passes. An empty batch moves the place in memory
/// and saves it at most once every `idleSaveInterval`, so following costs no write while the
/// events make nothing; a restart reads those events again, to the same effect.
private final class Cursor<Consumer: EventConsumer>: Sendable {
    static var batchSize: Int { 500 }
    static var idleSaveInterval: Duration { .seconds(1) }

    private struct Position {
        var seq: Int64 = 0
        var saved: ContinuousClock.Instant = .now
        /// The database replacement the position belongs to (a restored snapshot has its own);
        /// nil until read from the database.
        var replacement: Int?
    }

    private let consumer: Consumer
    private let database: AppDatabase
    private let cursors = DeliveryCursorRepository()
    private let log = EventRepository()
    private let position = Mutex(Position())

    init(consumer: Consumer, database: AppDatabase) {
        self.consumer = consumer
        self.database = database
    }

    /// The newest event now, which a reader waits for a pass to reach.
    func head(in db: Database) throws -> Int64 {
        try log.lastSeq(in: db)
    }

    /// Whether a pass here has reached `seq`.
    func hasPassed(_ seq: Int64) -> Bool {
        position.withLock { $0.replacement != nil && $0.seq >= seq }
    }

    /// One batch: read and work out on a snapshot, then write it with the cursor; answers
    /// whether more events are waiting.
    func pass() async throws -> Bool {
        let replacement = database.replacementCount
        let known = position.withLock { $0.replacement == replacement ? $0.seq : nil }
        let (consumer, cursors, log) = (consumer, cursors, log)
        let batch = try await database.read { db -> (after: Int64, head: Int64, prepared: Consumer.Prepared?, more: Bool) in
            let after = try known ?? cursors.position(of: consumer.name, in: db)
            guard try consumer.isActive(in: db) else { return (after, max(after, try log.lastSeq(in: db)), nil, false) }
            let events = try log.events(
                after: after, matching: EventFilter(categories: consumer.categories.map(\.rawValue)), limit: Self.batchSize, in: db
            )
            let more = events.count == Self.batchSize
            let head = more ? events.last!.seq : max(after, try log.lastSeq(in: db))
            return (after, head, events.isEmpty ? nil : try consumer.prepare(events, in: db), more)
        }
        let mustSave = batch.prepared != nil
            || position.withLock { $0.seq != batch.head && ContinuousClock.now - $0.saved > Self.idleSaveInterval }
        if mustSave {
            let database = database
            let written = try await database.write { db -> Bool in
                // A snapshot restored meanwhile: the batch belongs to the state that is gone.
                guard database.replacementCount == replacement, try cursors.position(of: consumer.name, in: db) <= batch.after else {
                    return false
                }
                if let prepared = batch.prepared { try consumer.apply(prepared, in: db) }
                try cursors.advance(consumer.name, to: batch.head, in: db)
                return true
            }
            guard written else {
                position.withLock { $0.replacement = nil }
                return true
            }
        }
        position.withLock { position in
            position.seq = batch.head
            position.replacement = replacement
            if mustSave { position.saved = .now }
        }
        return batch.more
    }
}
