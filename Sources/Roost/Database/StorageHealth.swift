import Foundation
import GRDB
import NIOCore
import PostgresNIO
import Synchronization
import _NIOFileSystem

/// Whether Roost can write. A write that fails for lack of disk space turns it off, and it
/// stays off until the database's filesystem has at least `margin` more free space than it
/// had then; meanwhile `GroupCommit` refuses every write. On PostgreSQL, a lost connection
/// turns it off too, until a transaction reaches the server again; writes go on trying, as
/// that is how Roost reconnects. A write success would not do as the
/// signal: with the disk full, SQLite still fits a small write into log space it already holds
/// while a larger one fails. `GET /health` reports it, so an operator can alert on a full disk
/// while reads go on being answered.
final class StorageHealth: Sendable {
    enum Condition: Sendable, Equatable {
        case writable
        /// A write failed for lack of disk space when the filesystem had this many bytes free.
        case outOfSpace(freeBytes: UInt64)
        /// The PostgreSQL server could not be reached.
        case unreachable
    }

    /// How much space must come free before writes count as possible again.
    static let margin: UInt64 = 1 << 20

    private let folder: String?
    private let state = Mutex(Condition.writable)

    /// `folder` holds the database file and its log; nil when the database is a server's.
    init(folder: String?) {
        self.folder = folder
    }

    /// Writable, or out of space until enough has come free, or the server unreachable. It
    /// costs one lock while writable (`/health` is asked often); the filesystem is looked at
    /// only while out of space.
    var isWritable: Bool {
        let condition = state.withLock { $0 }
        if condition == .unreachable { return false }
        guard case .outOfSpace(let then) = condition else { return true }
        guard let free = freeBytes(), free >= then + Self.margin else { return false }
        state.withLock { condition in
            if condition == .outOfSpace(freeBytes: then) { condition = .writable }
        }
        return true
    }

    /// Whether the database server answered the last transaction that tried it (always, on SQLite).
    var isReachable: Bool {
        state.withLock { $0 } != .unreachable
    }

    /// Whether writes should be tried: not while the disk is full (one small enough for space
    /// already held would go through while `/health` says Roost cannot write), but while the
    /// server is unreachable, since a write is how Roost reconnects.
    var acceptsWrites: Bool {
        state.withLock { $0 } == .unreachable || isWritable
    }

    /// A transaction reached the database server.
    func reached() {
        state.withLock { condition in
            if condition == .unreachable { condition = .writable }
        }
    }

    /// Records a transaction's `error` when it is a lack of disk space or a lost database
    /// server, and answers the client's error for it (nil for any other error).
    func failure(for error: any Error) -> APIError? {
        if PostgresSession.isConnectionLost(error) {
            state.withLock { $0 = .unreachable }
            return .databaseUnavailable
        }
        if Database.mustRetry(error) { return .writeConflict }
        guard let refusal = Self.refusal(for: error) else { return nil }
        // A database server's disk is its own: refused writes tell nothing here about when it frees.
        guard folder != nil else { return refusal }
        let free = freeBytes() ?? 0
        state.withLock { $0 = .outOfSpace(freeBytes: free) }
        return refusal
    }

    /// The client's error for a lack of disk space; nil for any other error.
    static func refusal(for error: any Error) -> APIError? {
        isOutOfSpace(error) ? .outOfSpace : nil
    }

    /// SQLite's "database or disk is full" (a full disk, or no room left for the log), or the
    /// system's ENOSPC from writing a file.
    static func isOutOfSpace(_ error: any Error) -> Bool {
        switch error {
        // The usual failure, a client's mistake, answers at once (no bridging to NSError).
        case is APIError: false
        case let error as DatabaseError: error.resultCode == .SQLITE_FULL
        case is PSQLError, is PostgresStatementError: PostgresSession.isOutOfSpace(error)
        case let error as IOError: error.errnoCode == ENOSPC
        case let error as FileSystemError: (error.cause as? FileSystemError.SystemCallError)?.errno.rawValue == ENOSPC
        case let error as CocoaError: error.code == .fileWriteOutOfSpace || (error.underlying as? POSIXError)?.code == .ENOSPC
        case let error as POSIXError: error.code == .ENOSPC
        default: (error as NSError).domain == NSPOSIXErrorDomain && (error as NSError).code == Int(ENOSPC)
        }
    }

    private func freeBytes() -> UInt64? {
        guard let folder else { return nil }
        var stats = statvfs()
        guard statvfs(folder, &stats) == 0 else { return nil }
        return UInt64(stats.f_bavail) * UInt64(stats.f_frsize)
    }
}

extension APIError {
    static let outOfSpace = APIError(
        code: 500901,
        message: "Roost's disk is full: this change was not stored. Writes resume by themselves once space is freed.",
        status: .init(code: 507, reasonPhrase: "Insufficient Storage")
    )

    static let writeConflict = APIError(
        code: 500903,
        message: "Other changes kept colliding with this one, which was run again several times and not stored: try it again.",
        status: .serviceUnavailable
    )

    static let databaseUnavailable = APIError(
        code: 500902,
        message: "Roost cannot reach its database right now: this request was not carried out. Try again shortly.",
        status: .serviceUnavailable
    )
}
