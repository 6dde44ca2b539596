import Foundation
import GRDB
import NIOCore
import Synchronization
import _NIOFileSystem

/// Whether Roost can write. A write that fails for lack of disk space turns it off, and it
/// stays off until the database's filesystem has at least `margin` more free space than it
/// had then; meanwhile `GroupCommit` refuses every write. A write success would not do as the
/// signal: with the disk full, SQLite still fits a small write into log space it already holds
/// while a larger one fails. `GET /health` reports it, so an operator can alert on a full disk
/// while reads go on being answered.
final class StorageHealth: Sendable {
    enum Condition: Sendable, Equatable {
        case writable
        /// A write failed for lack of disk space when the filesystem had this many bytes free.
        case outOfSpace(freeBytes: UInt64)
    }

    /// How much space must come free before writes count as possible again.
    static let margin: UInt64 = 1 << 20

    private let folder: String
    private let state = Mutex(Condition.writable)

    /// `folder` holds the database file and its log.
    init(folder: String) {
        self.folder = folder
    }

    /// Writable, or out of space until enough has come free. It costs one lock while writable
    /// (`/health` is asked often); the filesystem is looked at only while out of space.
    var isWritable: Bool {
        guard case .outOfSpace(let then) = state.withLock({ $0 }) else { return true }
        guard let free = freeBytes(), free >= then + Self.margin else { return false }
        state.withLock { condition in
            if condition == .outOfSpace(freeBytes: then) { condition = .writable }
        }
        return true
    }

    /// Records a write's `error` when it is a lack of disk space, and answers the client's error
    /// for it (nil for any other error).
    func failure(for error: any Error) -> APIError? {
        guard let refusal = Self.refusal(for: error) else { return nil }
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
        case let error as IOError: error.errnoCode == ENOSPC
        case let error as FileSystemError: (error.cause as? FileSystemError.SystemCallError)?.errno.rawValue == ENOSPC
        case let error as CocoaError: error.code == .fileWriteOutOfSpace || (error.underlying as? POSIXError)?.code == .ENOSPC
        case let error as POSIXError: error.code == .ENOSPC
        default: (error as NSError).domain == NSPOSIXErrorDomain && (error as NSError).code == Int(ENOSPC)
        }
    }

    private func freeBytes() -> UInt64? {
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
}
