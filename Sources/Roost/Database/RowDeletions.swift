import GRDB
import Synchronization

/// Rows of `users` and `channels` that a commit deleted, told after that commit. These
/// tables have no AUTOINCREMENT, so SQLite gives a deleted row's id to the next row inserted:
/// state kept in memory by their row ids must forget a row when it goes, or a new user or
/// channel inherits the old one's (the flood limit, when it was counted in memory, once
/// refused a brand-new user's first message this way).
///
/// It sees every way a row goes: a route's DELETE, GDPR erasure, a bot's removal, an emulator
/// reset. GRDB installs SQLite's update hook only around statements that may delete from
/// these two tables, so other writes pay nothing for it. A restored snapshot replaces every
/// row at once and is told as `everything`. On PostgreSQL, whose ids are never given again,
/// triggers note the deleted ids and the writer tells them (`committed`), so that memory kept
/// for them is let go and a deleted user's streams close, as on SQLite.
final class RowDeletions: TransactionObserver, Sendable {
    /// What went in one commit.
    struct Deleted: Sendable, Equatable {
        var users: Set<Int64> = []
        var channels: Set<Int64> = []
        /// Every row went (a snapshot restored): forget all.
        var everything = false
    }

    private static let tables: Set<String> = ["users", "channels"]
    /// Touched only on the writer's queue, between a transaction's first change and its end.
    private let pending = Mutex(Deleted())
    private let listeners = Mutex<[@Sendable (Deleted) -> Void]>([])

    /// Calls `listener` after each commit that deleted rows, on the writer's queue, before
    /// the next transaction starts: nothing can reuse an id before the listener has heard.
    func onDelete(_ listener: @escaping @Sendable (Deleted) -> Void) {
        listeners.withLock { $0.append(listener) }
    }

    /// Tells every listener that all rows went.
    func replacedEverything() {
        tell(Deleted(everything: true))
    }

    /// Tells what a commit deleted, where the engine has no update hook (PostgreSQL's writer,
    /// after its commit and before its next transaction).
    func committed(_ deleted: Deleted) {
        if deleted != Deleted() { tell(deleted) }
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        if case .delete(let table) = eventKind { return Self.tables.contains(table) }
        return false
    }

    func databaseDidChange(with event: DatabaseEvent) {
        let rowID = event.rowID
        switch event.tableName {
        case "users": pending.withLock { _ = $0.users.insert(rowID) }
        case "channels": pending.withLock { _ = $0.channels.insert(rowID) }
        default: break
        }
    }

    func databaseDidCommit(_ db: GRDB.Database) {
        let deleted = pending.withLock { pending in
            defer { pending = Deleted() }
            return pending
        }
        if deleted != Deleted() { tell(deleted) }
    }

    func databaseDidRollback(_ db: GRDB.Database) {
        pending.withLock { $0 = Deleted() }
    }

    private func tell(_ deleted: Deleted) {
        for listener in listeners.withLock({ $0 }) { listener(deleted) }
    }
}
