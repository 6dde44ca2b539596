import Foundation
import Logging

/// How Roost writes its log lines to standard output.
public enum LogFormat: String, Sendable, CaseIterable {
    /// swift-log's plain text lines.
    case text
    /// One JSON object per line (`time`, `level`, `label`, `message`, `metadata`), for log
    /// collectors.
    case json

    /// Installs the process's log handler; call once, before anything logs.
    public func bootstrap(level: Logger.Level) {
        LoggingSystem.bootstrap { label in
            var handler: any LogHandler = switch self {
            case .text: TextLogHandler(label: label)
            case .json: JSONLogHandler(label: label)
            }
            handler.logLevel = level
            return handler
        }
    }
}

/// swift-log's plain text lines, its metadata rendered only when a line is written.
/// `StreamLogHandler` renders its metadata again each time a key is set, and Hummingbird sets
/// a request id on every request's logger: that rendering was ~2% of a mark as read's CPU.
struct TextLogHandler: LogHandler {
    private var lines: StreamLogHandler
    var metadata: Logger.Metadata = [:]

    init(label: String) {
        lines = StreamLogHandler.standardOutput(label: label)
    }

    var logLevel: Logger.Level {
        get { lines.logLevel }
        set { lines.logLevel = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        if !metadata.isEmpty { event.metadata = metadata.merging(event.metadata ?? [:]) { $1 } }
        lines.log(event: event)
    }
}

/// Writes each log event as one line of JSON to standard output.
struct JSONLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    private struct Line: Encodable {
        let time: String
        let level: String
        let label: String
        let message: String
        /// Left out when empty.
        let metadata: [String: String]?
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        let line = Line(
            time: Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true)),
            level: event.level.rawValue,
            label: label,
            message: event.message.description,
            metadata: merged.isEmpty ? nil : merged.mapValues(\.description)
        )
        guard var bytes = try? JSON.encoder.encode(line) else { return }
        bytes.append(UInt8(ascii: "\n"))
        Self.lock.withLock { FileHandle.standardOutput.write(Data(bytes)) }
    }

    /// One line at a time, whole, whichever thread logs it.
    private static let lock = NSLock()
}
