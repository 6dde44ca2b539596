import Logging
import Synchronization

/// The background duties that one node of those on a database does at a time: each feed's
/// deliveries, the scheduler, the log's retention, the presence sweep, the search index and
/// the event followers (`HeldDuty`; `docs/storage.md`). A duty is held with a
/// session advisory lock on a connection of its own, which PostgreSQL lets go when that
/// connection ends: when its node stops, is killed, or loses the database, or when PostgreSQL
/// ends it for a silence longer than `longestSilence` (its node hangs). The other nodes try for
/// it every `poll`, so one of them takes it over within that.
final class PostgresDuties: Sendable {
    /// How often a node tries for a duty another holds, and makes sure of one it holds.
    static let poll: Duration = .seconds(1)
    /// How long a duty's connection may say nothing before PostgreSQL ends it: a live node speaks
    /// on each every `poll`.
    static let longestSilence = "10s"
    /// The upper half of every duty's lock key: "Roos".
    private static let keySpace: Int64 = 0x526F_6F73 << 32

    private let connect: @Sendable () async throws -> PostgresSession
    private let logger: Logger
    private struct State {
        /// Every duty's connection, to be closed with the engine.
        var open: [ObjectIdentifier: PostgresSession] = [:]
        /// The duties running here, by the connection that holds each.
        var running: [ObjectIdentifier: Task<Void, Never>] = [:]
        var closed = false
    }
    private let state = Mutex(State())

    init(logger: Logger, connect: @escaping @Sendable () async throws -> PostgresSession) {
        self.logger = logger
        self.connect = connect
    }

    /// Runs `body` whenever this node holds `duty`, and cancels it as soon as the node may not
    /// hold it any longer (its connection failed); returns when the task is cancelled.
    func whileHolding(_ duty: String, _ body: @escaping @Sendable () async -> Void) async {
        let key = Self.keySpace | Int64(Self.hash(duty))
        var session: PostgresSession?
        while !Task.isCancelled {
            if session?.connection.isClosed ?? true {
                session = try? await opened()
            }
            if let current = session, await take(key, on: current) {
                logger.info("This node holds the duty \(duty)")
                await run(body, holding: current)
                let letGo = Task.isCancelled ? false : (try? await current.run("SELECT pg_advisory_unlock(\(key))", StatementArguments())) != nil
                if !letGo {
                    // Closed, the connection lets go of the lock with it.
                    await close(current)
                    session = nil
                }
                logger.info("This node let go of the duty \(duty)")
            }
            try? await Task.sleep(for: Self.poll)
        }
        if let session { await close(session) }
    }

    /// Stops the duties running here, then closes every duty's connection, which lets go of
    /// their locks: no other node takes a duty over while it still runs here.
    func close() async {
        let (running, open) = state.withLock { state in
            state.closed = true
            defer { state.open = [:] }
            return (Array(state.running.values), Array(state.open.values))
        }
        for duty in running { duty.cancel() }
        for duty in running { await duty.value }
        for session in open { try? await session.connection.close().get() }
    }

    /// Runs `body` until it returns, the connection that holds its duty fails, or the task
    /// is cancelled.
    private func run(_ body: @escaping @Sendable () async -> Void, holding session: PostgresSession) async {
        let id = ObjectIdentifier(session)
        let duty = Task { await body() }
        guard state.withLock({ state in
            if !state.closed { state.running[id] = duty }
            return !state.closed
        }) else {
            duty.cancel()
            return
        }
        await withTaskCancellationHandler {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await duty.value }
                group.addTask { await Self.watch(session) }
                await group.next()
                group.cancelAll()
                duty.cancel()
            }
        } onCancel: {
            duty.cancel()
        }
        _ = state.withLock { $0.running.removeValue(forKey: id) }
    }

    private func opened() async throws -> PostgresSession {
        let session = try await connect()
        do {
            _ = try await session.run("SET idle_session_timeout = '\(Self.longestSilence)'", StatementArguments())
        } catch {
            try? await session.connection.close().get()
            throw error
        }
        let refused = state.withLock { state in
            if !state.closed { state.open[ObjectIdentifier(session)] = session }
            return state.closed
        }
        if refused {
            try? await session.connection.close().get()
            throw CancellationError()
        }
        return session
    }

    private func close(_ session: PostgresSession) async {
        _ = state.withLock { $0.open.removeValue(forKey: ObjectIdentifier(session)) }
        try? await session.connection.close().get()
    }

    private func take(_ key: Int64, on session: PostgresSession) async -> Bool {
        let rows = try? await session.run("SELECT pg_try_advisory_lock(\(key)) AS held", StatementArguments())
        return rows?.first.map { Row(postgres: $0)["held"] as Bool } ?? false
    }

    /// Returns when the connection that holds a duty fails, or the task is cancelled.
    private static func watch(_ session: PostgresSession) async {
        while (try? await Task.sleep(for: poll)) != nil {
            guard (try? await session.run("SELECT 1", StatementArguments())) != nil else { return }
        }
    }

    /// FNV-1a: a duty's name as 32 bits, the same in every process.
    private static func hash(_ name: String) -> UInt32 {
        name.utf8.reduce(2_166_136_261 as UInt32) { ($0 ^ UInt32($1)) &* 16_777_619 }
    }
}
