import Foundation
import Hummingbird

/// `{"metadata": {...}, "upsert": ..., "include_ts": ...}` for channel metadata.
struct ChannelMetadataRequest: Decodable {
    let metadata: MetadataValues
    let upsert: Bool?
    let includeTimestamp: Bool?

    enum CodingKeys: String, CodingKey { case metadata, upsert, includeTimestamp = "include_ts" }
}

/// Meta counter values, given as a JSON object or, as the official Python SDK sends them,
/// as a string holding one.
struct CounterValues: Decodable {
    let values: [String: Int64]

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard let parsed = try? JSON.decoder.decode([String: Int64].self, from: Data(text.utf8)) else {
                throw DecodingError.typeMismatch(
                    [String: Int64].self, .init(codingPath: decoder.codingPath, debugDescription: "not a JSON object of integers")
                )
            }
            values = parsed
        } else {
            values = try container.decode([String: Int64].self)
        }
    }
}

enum CounterMode: String, Decodable {
    case set, increase, decrease
}

struct MetacounterRequest: Decodable {
    let metacounter: CounterValues
    let mode: CounterMode?
    let upsert: Bool?
}

/// The body of changing one counter by key: `{"value": 3}`, `{"metacounter": {key: 3}}` or
/// a bare `{key: 3}`, with `mode` and `upsert`.
struct MetacounterValueRequest: Decodable {
    private var value: Int64?
    private var metacounter: [String: Int64]?
    private var bare: [String: Int64] = [:]
    private(set) var mode: CounterMode?
    private(set) var upsert: Bool?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        for key in container.allKeys {
            switch key.stringValue {
            case "value": value = try container.decode(Int64.self, forKey: key)
            case "metacounter": metacounter = try container.decode(CounterValues.self, forKey: key).values
            case "mode": mode = try container.decode(CounterMode.self, forKey: key)
            case "upsert": upsert = try container.decode(Bool.self, forKey: key)
            default: bare[key.stringValue] = try? container.decode(Int64.self, forKey: key)
            }
        }
    }

    func value(for key: String) throws(APIError) -> Int64 {
        guard let found = value ?? metacounter?[key] ?? bare[key] else { throw .missing("value") }
        return found
    }
}

/// Meta counters answered as a plain JSON object of integers.
struct CounterItems: ResponseEncodable {
    let items: [String: Int64]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(items)
    }
}

/// What creating metadata answers: the items stored, under `metadata`, and with `include_ts`
/// when they were stored. Sendbird's OpenAPI names that time `include_ts`, its own SDKs read
/// `ts`: both are given.
struct CreatedMetadata: Encodable, ResponseEncodable {
    let metadata: [String: String]
    let includeTS: Int64?
    let ts: Int64?

    enum CodingKeys: String, CodingKey { case metadata, includeTS = "include_ts", ts }

    init(metadata: [String: String], createdAt: Int64?) {
        self.metadata = metadata
        includeTS = createdAt
        ts = createdAt
    }
}

/// Metadata with the time it last changed, answered when `include_ts` is asked for.
struct TimestampedMetadata: ResponseEncodable {
    let metadata: [String: String]
    let ts: Int64
}
