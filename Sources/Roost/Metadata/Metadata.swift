import Hummingbird

/// Sendbird's limits on metadata, the same for users and channels.
enum MetadataRules {
    static let maxItems = 5
    static let maxKeyLength = 128
    static let maxValueLength = 190

    static func checkKey(_ key: String) throws(APIError) {
        guard !key.isEmpty, !key.contains(",") else { throw .notAllowedCharacter("key") }
        guard key.count <= maxKeyLength else { throw .tooLong("key", max: maxKeyLength) }
    }

    /// Checks each item, and that the owner holds at most `maxItems` once they are stored.
    static func check(_ items: [String: String], countAfter: Int) throws(APIError) {
        for (key, value) in items {
            try checkKey(key)
            guard value.count <= maxValueLength else { throw .tooLong("value", max: maxValueLength) }
        }
        guard countAfter <= maxItems else { throw .tooManyItems("metadata", max: maxItems) }
    }
}

/// `{"metadata": {...}, "upsert": ...}`, the body of creating and updating metadata.
struct MetadataRequest: Decodable {
    let metadata: [String: String]
    let upsert: Bool?
}

/// The body of updating one item by key. Sendbird's documents show it as `{"value": ...}`,
/// as `{"metadata": {key: ...}}` and as a bare `{key: ...}`; all three are read.
struct MetadataValueRequest: Decodable {
    private var value: String?
    private var metadata: [String: String]?
    private var bare: [String: String] = [:]
    private(set) var upsert: Bool?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        for key in container.allKeys {
            switch key.stringValue {
            case "value": value = try container.decode(String.self, forKey: key)
            case "metadata": metadata = try container.decode([String: String].self, forKey: key)
            case "upsert": upsert = try container.decode(Bool.self, forKey: key)
            default: bare[key.stringValue] = try? container.decode(String.self, forKey: key)
            }
        }
    }

    func value(for key: String) throws(APIError) -> String {
        guard let found = value ?? metadata?[key] ?? bare[key] else { throw .missing("value") }
        return found
    }
}

/// Any JSON object key.
struct AnyKey: CodingKey {
    let stringValue: String
    let intValue: Int? = nil

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        nil
    }
}

/// Metadata answered as a plain JSON object of its items.
struct MetadataItems: ResponseEncodable {
    let items: [String: String]

    init(_ items: [String: String]) {
        self.items = items
    }

    func encode(to encoder: any Encoder) throws {
        try items.encode(to: encoder)
    }
}
