import Synchronization

/// Writes of one kind asked for at the same time, made by one job of group commit that takes
/// them all: a function that shares its statements among them (one insert of many rows, one
/// update of many channels) costs the writer about what one write does. On PostgreSQL every
/// statement is a round trip on the one writer connection (`docs/storage.md`).
///
/// The first write asked for while no job waits queues one; writes asked for until that job
/// runs join it, and later ones queue the next. Each caller hears its own outcome once the
/// commit that holds the batch is done.
final class BatchedWrites<Item: Sendable, Output: Sendable>: Sendable {
    /// Makes a batch's writes inside its transaction: an outcome an item, in their order. An
    /// item's failure is its own; a thrown error fails the whole batch (its savepoint rolled back).
    typealias WriteAll = @Sendable ([Item], Database) throws -> [Result<Output, any Error>]

    private struct Waiting: Sendable {
        let item: Item
        let continuation: CheckedContinuation<Output, any Error>
    }

    private let database: AppDatabase
    private let state = Mutex<(waiting: [Waiting], queued: Bool)>(([], false))

    init(database: AppDatabase) {
        self.database = database
    }

    /// Writes `item` with the others asked for at the same time, by `writeAll` (the function of
    /// whichever caller queues the batch's job: every caller passes the same one).
    func write(_ item: Item, by writeAll: @escaping WriteAll) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            let queuesJob = state.withLock { state in
                state.waiting.append(Waiting(item: item, continuation: continuation))
                defer { state.queued = true }
                return !state.queued
            }
            if queuesJob { Task { await self.runBatch(writeAll) } }
        }
    }

    private func runBatch(_ writeAll: @escaping WriteAll) async {
        let batch = Batch()
        do {
            let outcomes = try await database.write { [self] db in
                // A transaction run again (`TransactionRunner`) writes the batch it took the first time.
                let taken = batch.take(from: self)
                return try writeAll(taken.map(\.item), db)
            }
            for (waiting, outcome) in zip(batch.take(from: self), outcomes) { waiting.continuation.resume(with: outcome) }
        } catch {
            // Also when the job never ran (the database refused every write): its batch waits still.
            for waiting in batch.take(from: self) { waiting.continuation.resume(throwing: error) }
        }
    }

    /// Every write waiting, which the next write asked for no longer joins.
    private func takeWaiting() -> [Waiting] {
        state.withLock { state in
            defer { state = ([], false) }
            return state.waiting
        }
    }

    /// The writes one job took, taken once.
    private final class Batch: Sendable {
        private let taken = Mutex<[Waiting]?>(nil)

        func take(from writes: BatchedWrites) -> [Waiting] {
            taken.withLock { taken in
                if let taken { return taken }
                let waiting = writes.takeWaiting()
                taken = waiting
                return waiting
            }
        }
    }
}
