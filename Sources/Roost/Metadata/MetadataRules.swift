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
