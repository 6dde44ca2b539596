import Synchronization

/// Reads of one kind asked for at the same time, answered by one statement that reads them all:
/// history pages asked for at once check their kept answers so (`MessageService.historyStamps`).
/// A read's cost is mostly in reaching the database, not in its statement: on PostgreSQL a
/// round trip that wakes a server process, on SQLite two thread switches to a reader and back.
///
/// One statement runs at a time: reads asked for while it runs wait for the next, which takes
/// them all.
final class BatchedReads<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// The statement that reads the values of the keys; a key with no value is left out.
    typealias ReadAll = @Sendable (Set<Key>) throws -> Query<[Key: Value]>

    private struct Waiting: Sendable {
        let key: Key
        let continuation: CheckedContinuation<Value?, any Error>
    }

    private let database: AppDatabase
    private let readAll: ReadAll
    private let state = Mutex<(waiting: [Waiting], reading: Bool)>(([], false))

    init(database: AppDatabase, readAll: @escaping ReadAll) {
        self.database = database
        self.readAll = readAll
    }

    /// The value of `key`, read with the others asked for at the same time; nil when it has none.
    func read(_ key: Key) async throws -> Value? {
        try await withCheckedThrowingContinuation { continuation in
            let startsReading = state.withLock { state in
                state.waiting.append(Waiting(key: key, continuation: continuation))
                defer { state.reading = true }
                return !state.reading
            }
            if startsReading { Task { await readWhileAsked() } }
        }
    }

    /// Reads every key waiting in one statement, then those asked for meanwhile, until none is.
    private func readWhileAsked() async {
        while true {
            let batch = state.withLock { state in
                if state.waiting.isEmpty { state.reading = false }
                defer { state.waiting = [] }
                return state.waiting
            }
            guard !batch.isEmpty else { return }
            do {
                let values = try await database.read(try readAll(Set(batch.map(\.key))))
                for waiting in batch { waiting.continuation.resume(returning: values[waiting.key]) }
            } catch {
                for waiting in batch { waiting.continuation.resume(throwing: error) }
            }
        }
    }
}
