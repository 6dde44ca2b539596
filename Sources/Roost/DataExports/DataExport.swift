import Foundation
import Hummingbird

enum ExportDataType: String, Sendable, CaseIterable {
    case messages, channels, users
    case failedWebhooks = "failed_webhooks"
}

/// What an export was asked for.
struct ExportRequest: Codable, Sendable, Equatable {
    var startTS: Int64 = 0
    var endTS: Int64 = 0
    var format = "json"
    var csvDelimiter = ","
    var timezone = "UTC"
    var channelURLs: [String] = []
    var excludeChannelURLs: [String] = []
    var channelCustomTypes: [String] = []
    var senderIDs: [String] = []
    var excludeSenderIDs: [String] = []
    var userIDs: [String] = []
    var showReadReceipt = true
    var showChannelMetadata = false

    enum CodingKeys: String, CodingKey {
        case startTS = "start_ts", endTS = "end_ts", format, csvDelimiter = "csv_delimiter", timezone
        case channelURLs = "channel_urls", excludeChannelURLs = "exclude_channel_urls", channelCustomTypes = "channel_custom_types"
        case senderIDs = "sender_ids", excludeSenderIDs = "exclude_sender_ids", userIDs = "user_ids"
        case showReadReceipt = "show_read_receipt", showChannelMetadata = "show_channel_metadata"
    }

    init() {}

    /// A time the body left out: 0, the epoch, is a time a client may give.
    static let absent = Int64.min

    /// Every field optional in a request body; the service checks what must be there.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        startTS = try container.decodeIfPresent(Int64.self, forKey: .startTS) ?? Self.absent
        endTS = try container.decodeIfPresent(Int64.self, forKey: .endTS) ?? Self.absent
        format = try container.decodeIfPresent(String.self, forKey: .format) ?? "json"
        csvDelimiter = try container.decodeIfPresent(String.self, forKey: .csvDelimiter) ?? ","
        timezone = try container.decodeIfPresent(String.self, forKey: .timezone) ?? "UTC"
        channelURLs = try container.decodeIfPresent([String].self, forKey: .channelURLs) ?? []
        excludeChannelURLs = try container.decodeIfPresent([String].self, forKey: .excludeChannelURLs) ?? []
        channelCustomTypes = try container.decodeIfPresent([String].self, forKey: .channelCustomTypes) ?? []
        senderIDs = try container.decodeIfPresent([String].self, forKey: .senderIDs) ?? []
        excludeSenderIDs = try container.decodeIfPresent([String].self, forKey: .excludeSenderIDs) ?? []
        userIDs = try container.decodeIfPresent([String].self, forKey: .userIDs) ?? []
        showReadReceipt = try container.decodeIfPresent(Bool.self, forKey: .showReadReceipt) ?? true
        showChannelMetadata = try container.decodeIfPresent(Bool.self, forKey: .showChannelMetadata) ?? false
    }
}

/// Where an export (or a GDPR request) is, spelled as Sendbird spells it.
enum ExportStatus: String, Sendable {
    case scheduled, done
    case noData = "no data"
    case sizeExceeded = "size exceeded"
}

/// A row of data_exports.
struct DataExportRecord: Sendable, FetchableRecord {
    var id: Int64
    var requestID: String
    var dataType: ExportDataType
    var request: ExportRequest
    var status: ExportStatus
    var createdAt: Int64
    var fileURL: String?
    var expiresAt: Int64

    /// The columns `init(row:)` reads, in its order.
    enum Columns: Int, TableColumns {
        case id, request_id, data_type, request, status, created_at, file_url, expires_at
    }

    init(row: Row) {
        id = row[Columns.id]
        requestID = row[Columns.request_id]
        dataType = ExportDataType(rawValue: row[Columns.data_type]) ?? .messages
        request = JSONColumn.decode(ExportRequest.self, from: row[Columns.request]) ?? ExportRequest()
        status = ExportStatus(rawValue: row[Columns.status]) ?? .scheduled
        createdAt = row[Columns.created_at]
        fileURL = row[Columns.file_url]
        expiresAt = row[Columns.expires_at]
    }
}

/// An export as Sendbird answers it, with its file once written.
struct DataExportBody: Encodable, ResponseEncodable {
    let requestID: String
    let dataType: String
    let status: String
    let format: String
    let csvDelimiter: String
    let timezone: String
    let createdAt: Int64
    let startTS: Int64
    let endTS: Int64
    let channelURLs: [String]
    let channelCustomTypes: [String]
    let senderIDs: [String]
    let userIDs: [String]
    let file: ExportFile?

    enum CodingKeys: String, CodingKey {
        case requestID = "request_id", dataType = "data_type", status, format, csvDelimiter = "csv_delimiter", timezone
        case createdAt = "created_at", startTS = "start_ts", endTS = "end_ts", channelURLs = "channel_urls"
        case channelCustomTypes = "channel_custom_types", senderIDs = "sender_ids", userIDs = "user_ids", file
    }

    init(_ record: DataExportRecord) {
        let request = record.request
        requestID = record.requestID
        dataType = record.dataType.rawValue
        status = record.status.rawValue
        format = request.format
        csvDelimiter = request.csvDelimiter
        timezone = request.timezone
        createdAt = record.createdAt
        startTS = request.startTS
        endTS = request.endTS
        channelURLs = request.channelURLs
        channelCustomTypes = request.channelCustomTypes
        senderIDs = request.senderIDs
        userIDs = request.userIDs
        file = record.fileURL.map { ExportFile(url: $0, expiresAt: record.expiresAt) }
    }
}

/// `file` / `files` of an export or a GDPR request: where to download it, until when.
struct ExportFile: Encodable {
    let url: String
    let expiresAt: Int64

    enum CodingKeys: String, CodingKey { case url, expiresAt = "expires_at" }
}
