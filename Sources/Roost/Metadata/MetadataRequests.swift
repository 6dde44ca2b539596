/// `{"metadata": {...}, "upsert": ...}`, the body of creating and updating metadata.
struct MetadataRequest: Decodable {
    let metadata: MetadataValues
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
            case "value": value = try container.decode(MetadataValue.self, forKey: key).text
            case "metadata": metadata = try container.decode(MetadataValues.self, forKey: key).items
            case "upsert": upsert = try container.decode(Bool.self, forKey: key)
            default: bare[key.stringValue] = try? container.decode(MetadataValue.self, forKey: key).text
            }
        }
    }

    func value(for key: String) throws(APIError) -> String {
        guard let found = value ?? metadata?[key] ?? bare[key] else { throw .missing("value") }
        return found
    }
}
