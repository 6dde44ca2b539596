import Foundation

/// Builds what an export holds, as Sendbird's exports lay it out: messages grouped by
/// channel (`{channel_url}.json` holding `{"channel", "messages"}`), `group_channels` and
/// `open_channels`, `active_users` and `deactivated_users`, `failed_webhooks`; each as JSON,
/// or as a CSV table of the same objects (nested values as JSON text), zipped.
struct ExportWriter: Sendable {
    let applicationID: String
    private let queries = ExportQueryRepository()

    /// At most this many objects in one export; a larger one is `size exceeded`.
    static let maxObjects = 100_000
    /// Messages built between two of the export's pauses (`Pacer`).
    static let messagesPerPart = 2_000

    enum Outcome {
        case files([(name: String, bytes: [UInt8])])
        case noData
        case tooLarge
    }

    func files(of type: ExportDataType, _ request: ExportRequest, in db: Database) throws -> Outcome {
        switch type {
        case .messages: try messages(request, in: db)
        case .channels: try channels(request, in: db)
        case .users: try users(request, in: db)
        case .failedWebhooks: try failedWebhooks(request, in: db)
        }
    }

    // MARK: Each kind

    private func messages(_ request: ExportRequest, in db: Database) throws -> Outcome {
        let ids = try queries.messageIDs(request, limit: Self.maxObjects + 1, in: db)
        guard !ids.isEmpty else { return .noData }
        guard ids.count <= Self.maxObjects else { return .tooLarge }
        let csv = request.format == "csv"
        var files: [(name: String, bytes: [UInt8])] = []
        var csvRows: [JSONText] = []
        let channelRecords = ChannelRepository()
        let messageRecords = MessageRepository()
        var pacer = Pacer()
        var partsBuilt = 0
        // The ids come grouped by channel. Each part is read, built and added to its channel's
        // document between two pauses: read all at once, 100,000 messages held the reader's
        // thread for a long unpaced stretch, in a statement of more values than SQLite takes by
        // default (32,766); joined at the end, they took another unpaced stretch and two more
        // copies of the whole document.
        var channelStart = ids.startIndex
        while channelStart < ids.endIndex {
            let channelID = ids[channelStart].channelID
            let channelRows = channelStart..<(ids[channelStart...].firstIndex { $0.channelID != channelID } ?? ids.endIndex)
            channelStart = channelRows.upperBound
            guard let channel = try channelRecords.find(rowID: channelID, in: db) else { continue }
            var document: [UInt8] = csv ? [] : Array("{\"channel\":\(try channelJSON(channel.url, request, in: db).text),\"messages\":[".utf8)
            var written = 0
            for start in stride(from: channelRows.lowerBound, to: channelRows.upperBound, by: Self.messagesPerPart) {
                if partsBuilt > 0 { pacer.pause() }
                partsBuilt += 1
                let part = ids[start..<min(start + Self.messagesPerPart, channelRows.upperBound)].map(\.id)
                let found = try messageRecords.find(ids: part, in: db)
                let messages = try MessageAssembler().messages(part.compactMap { found[$0] }, in: channel, options: MessageViewOptions(), in: db)
                for message in messages {
                    if csv {
                        csvRows.append(try JSONText(message))
                    } else {
                        if written > 0 { document.append(UInt8(ascii: ",")) }
                        document += try JSON.encoder.encode(message)
                        written += 1
                    }
                }
            }
            guard !csv else { continue }
            document += "]}".utf8
            files.append(("\(FileStorage.safeName(channel.url)).json", document))
        }
        return .files(csv ? [("messages.csv", CSVTable(delimiter: request.csvDelimiter, rows: csvRows).bytes)] : files)
    }

    private func channels(_ request: ExportRequest, in db: Database) throws -> Outcome {
        let rows = try queries.channels(request, limit: Self.maxObjects + 1, in: db)
        guard !rows.isEmpty else { return .noData }
        guard rows.count <= Self.maxObjects else { return .tooLarge }
        var group: [JSONText] = []
        var open: [JSONText] = []
        for row in rows {
            let json = try channelJSON(row.url, request, in: db)
            if row.type == .group { group.append(json) } else { open.append(json) }
        }
        return document(["group_channels": group, "open_channels": open], request)
    }

    private func users(_ request: ExportRequest, in db: Database) throws -> Outcome {
        let rows = try queries.users(request, limit: Self.maxObjects + 1, in: db)
        guard !rows.isEmpty else { return .noData }
        guard rows.count <= Self.maxObjects else { return .tooLarge }
        var active: [JSONText] = []
        var deactivated: [JSONText] = []
        let users = UserRepository()
        for row in rows {
            guard let user = try users.find(row.userID, in: db) else { continue }
            let json = try JSONText(UserBody(user))
            if row.isActive { active.append(json) } else { deactivated.append(json) }
        }
        return document(["active_users": active, "deactivated_users": deactivated], request)
    }

    private func failedWebhooks(_ request: ExportRequest, in db: Database) throws -> Outcome {
        let failures = try WebhookRepository().failures(
            FailedWebhookFilter(start: request.startTS, end: request.endTS), limit: Self.maxObjects + 1, in: db
        )
        guard !failures.isEmpty else { return .noData }
        guard failures.count <= Self.maxObjects else { return .tooLarge }
        let logs = try failures.map { try JSONText(FailedWebhookList.Log(failure: $0, applicationID: applicationID)) }
        return document(["failed_webhooks": logs], request)
    }

    // MARK: Shared

    /// A channel as its own `GET` answers it, with metadata when asked.
    private func channelJSON(_ url: String, _ request: ExportRequest, in db: Database) throws -> JSONText {
        guard let record = try ChannelRepository().find(url: url, in: db) else { return JSONText(text: "null") }
        switch record.type {
        case .group:
            let options = ChannelViewOptions(showMembers: true, showMetadata: request.showChannelMetadata, showReadReceipt: request.showReadReceipt)
            return try JSONText(try GroupChannelAssembler().channel(record, options: options, in: db))
        case .open:
            return try JSONText(try OpenChannelAssembler().channel(record, in: db))
        }
    }

    /// One JSON file or CSV table for each non-empty list.
    private func document(_ lists: KeyValuePairs<String, [JSONText]>, _ request: ExportRequest) -> Outcome {
        .files(lists.filter { !$0.value.isEmpty }.map { name, items in
            if request.format == "csv" { return ("\(name).csv", CSVTable(delimiter: request.csvDelimiter, rows: items).bytes) }
            return ("\(name).json", Array("{\"\(name)\":[\(items.map(\.text).joined(separator: ","))]}".utf8))
        })
    }
}

/// One object as the JSON text Roost answers it with.
struct JSONText: Sendable {
    let text: String

    init(text: String) {
        self.text = text
    }

    init(_ value: some Encodable) throws {
        text = String(decoding: try JSON.encoder.encode(value), as: UTF8.self)
    }
}

/// Objects as a CSV table: a column for each top-level key (sorted), nested values as JSON
/// text, fields quoted when they hold the delimiter, quotes or line breaks.
struct CSVTable {
    let delimiter: String
    let rows: [JSONText]

    var bytes: [UInt8] {
        let objects: [[String: AnyJSON]] = rows.compactMap { row in
            guard case .object(let members)? = try? JSON.decoder.decode(AnyJSON.self, from: Data(row.text.utf8)) else { return nil }
            return members
        }
        let columns = Set(objects.flatMap(\.keys)).sorted()
        var lines = [columns.map(quoted).joined(separator: delimiter)]
        for object in objects {
            lines.append(columns.map { quoted(Self.text(of: object[$0])) }.joined(separator: delimiter))
        }
        return Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    private func quoted(_ field: String) -> String {
        guard field.contains(delimiter) || field.contains("\"") || field.contains("\n") || field.contains("\r") else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func text(of value: AnyJSON?) -> String {
        switch value {
        case nil, .null?: ""
        case .string(let text)?: text
        case .bool(let flag)?: flag ? "true" : "false"
        case .integer(let number)?: String(number)
        case .number(let number)?: String(number)
        case let nested?: (try? JSONText(nested).text) ?? ""
        }
    }
}
