import Logging
import PostgresNIO
import Synchronization

/// How the nodes on one database hear of each other's commits (`docs/storage.md`): so that a
/// live stream or a feed on one node wakes for events written on another, instead of reading
/// the log in a loop. Each node `LISTEN`s on a connection of its own and `NOTIFY`s on it after
/// its commits. Never inside a write: a committing `NOTIFY` holds a lock that every other
/// committing `NOTIFY` of the database waits for. At most one every `spacing`, whatever the
/// commits in between, since each is a transaction with a commit of its own.
///
/// A notification's payload is the node's name, followed by ` settings` when the node changed
/// settings that every node keeps in memory (`AppDatabase.settingsChanged`).
final class PostgresCommitSignals: Sendable {
    static let channel = "roost_commits"
    private static let settingsMark = "settings"
    static let spacing: Duration = .milliseconds(10)
    /// How long a node waits to listen again after its connection failed.
    static let retryDelay: Duration = .seconds(1)

    /// This node's name in its notifications, so that it does not wake for its own.
    private let node: String
    private let connect: @Sendable () async throws -> PostgresConnection
    private let logger: Logger
    /// Where a commit of this node's is announced: the current connection's announcer.
    private let commits = Mutex<AsyncStream<Void>.Continuation?>(nil)
    private let hooks = Mutex<[@Sendable () -> Void]>([])
    private let settingsHooks = Mutex<[@Sendable () -> Void]>([])
    /// Whether this node changed settings since its last notification.
    private let changedSettings = Atomic<Bool>(false)
    private let task = Mutex<Task<Void, Never>?>(nil)

    init(node: String, logger: Logger, connect: @escaping @Sendable () async throws -> PostgresConnection) {
        self.node = node
        self.logger = logger
        self.connect = connect
    }

    /// Runs `hook` whenever another node has committed.
    func onCommitElsewhere(_ hook: @escaping @Sendable () -> Void) {
        hooks.withLock { $0.append(hook) }
    }

    /// Runs `hook` whenever another node changed settings, and after this node's hearing was cut.
    func onSettingsChangedElsewhere(_ hook: @escaping @Sendable () -> Void) {
        settingsHooks.withLock { $0.append(hook) }
    }

    /// This node committed: the others hear of it within `spacing`, and of the commits that
    /// came meanwhile with it.
    func committed() {
        _ = commits.withLock { $0?.yield() }
    }

    /// This node committed a change of settings: told with its next notification.
    func settingsChanged() {
        changedSettings.store(true, ordering: .sequentiallyConsistent)
        committed()
    }

    func start() {
        task.withLock { task in
            guard task == nil else { return }
            task = Task { await self.run() }
        }
    }

    func stop() async {
        let running = task.withLock { $0 }
        running?.cancel()
        await running?.value
    }

    private func run() async {
        while !Task.isCancelled {
            do {
                let connection = try await connect()
                do {
                    try await listen(on: connection)
                } catch {
                    logger.debug("Listening for other nodes' commits failed: \(error)")
                }
                try? await connection.close()
            } catch {
                logger.debug("Could not connect to listen for other nodes' commits: \(error)")
            }
            try? await Task.sleep(for: Self.retryDelay)
        }
    }

    /// Hears the other nodes and tells them of this one's commits until the connection fails
    /// or the task is cancelled.
    private func listen(on connection: PostgresConnection) async throws {
        let (announcements, announce) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        commits.withLock { $0 = announce }
        defer { announce.finish() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await connection.listen(on: Self.channel) { notifications in
                    // Whatever committed or changed while no one here listened.
                    self.heard(settings: true)
                    for try await notification in notifications {
                        let words = notification.payload.split(separator: " ")
                        guard words.first.map(String.init) != self.node else { continue }
                        self.heard(settings: words.dropFirst().contains { $0 == Self.settingsMark })
                    }
                }
            }
            group.addTask {
                // A change of settings a failed connection did not tell.
                if self.changedSettings.load(ordering: .sequentiallyConsistent) { announce.yield() }
                for await _ in announcements {
                    let settings = self.changedSettings.exchange(false, ordering: .sequentiallyConsistent)
                    let payload = settings ? "\(self.node) \(Self.settingsMark)" : self.node
                    do {
                        try await connection.query(PostgresQuery(unsafeSQL: "NOTIFY \(Self.channel), '\(payload)'"), logger: self.logger)
                    } catch {
                        if settings { self.changedSettings.store(true, ordering: .sequentiallyConsistent) }
                        throw error
                    }
                    try await Task.sleep(for: Self.spacing)
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    private func heard(settings: Bool) {
        for hook in hooks.withLock({ $0 }) { hook() }
        if settings {
            for hook in settingsHooks.withLock({ $0 }) { hook() }
        }
    }
}
