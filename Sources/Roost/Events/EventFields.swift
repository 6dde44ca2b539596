/// An event payload put together field by field, in the order the fields are added.
struct EventFields: JSONObject {
    private var writers: [(inout JSONFields) throws -> Void] = []

    mutating func add(_ key: String, _ value: String) {
        writers.append { try $0.write(key, value) }
    }

    mutating func add(_ key: String, _ value: Bool) {
        writers.append { try $0.write(key, value) }
    }

    mutating func add(_ key: String, _ value: Int64) {
        writers.append { try $0.write(key, value) }
    }

    mutating func add(_ key: String, _ value: some JSONObject) {
        writers.append { try $0.write(key, value) }
    }

    mutating func add(_ key: String, _ values: [some JSONObject]) {
        writers.append { try $0.write(key, values) }
    }

    /// Added only when there is a value.
    mutating func add(_ key: String, _ value: (some JSONObject)?) {
        if let value { add(key, value) }
    }

    mutating func add(_ key: String, _ values: [some JSONObject]?) {
        if let values { add(key, values) }
    }

    /// An object keyed by strings, keys sorted.
    mutating func add(_ key: String, _ value: [String: some Encodable]) {
        writers.append { try $0.write(key, value) }
    }

    /// Any other value, written by its own `encode(to:)`.
    mutating func add(_ key: String, encoded value: some Encodable) {
        writers.append { try $0.write(key, value) }
    }

    func write(to fields: inout JSONFields) throws {
        for writer in writers { try writer(&fields) }
    }
}
