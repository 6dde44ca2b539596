import Hummingbird

/// Metadata answered as a plain JSON object of its items.
struct MetadataItems: ResponseEncodable {
    let items: [String: String]

    init(_ items: [String: String]) {
        self.items = items
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(items)
    }
}
