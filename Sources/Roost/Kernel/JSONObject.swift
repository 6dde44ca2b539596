/// A JSON object that writes its own fields. Under `StreamingJSONEncoder` the fields go
/// straight into the output; `Encodable`'s keyed containers cost several times the writing
/// itself, which mattered for the objects a response holds by the dozen (messages and the
/// users inside them). Under any other encoder they go through a keyed container as usual.
/// An object that adds fields to another's calls the other's `write(to:)`, not `encode(to:)`,
/// which writes a whole object of its own.
protocol JSONObject: Encodable {
    func write(to fields: inout JSONFields) throws
}

extension JSONObject {
    func encode(to encoder: any Encoder) throws {
        var fields = JSONFields(encoder)
        try write(to: &fields)
        fields.close()
    }
}

/// The fields of one JSON object, in the order they are written.
struct JSONFields {
    // Exactly one of the two is set.
    private let output: JSONOutput?
    private let container: KeyedEncodingContainer<AnyKey>?
    private var count = 0

    init(_ encoder: any Encoder) {
        if let streaming = encoder as? ValueEncoder {
            streaming.beginSingle()
            self.init(opening: streaming.output)
        } else {
            self.init(container: encoder.container(keyedBy: AnyKey.self))
        }
    }

    private init(opening output: JSONOutput, brace: Bool = true) {
        if brace { output.raw("{") }
        self.output = output
        container = nil
    }

    /// Writes the fields `write` writes into `output` without the braces around them: a part of
    /// an object, kept to be written into whole ones later (`write(fieldsOf:at:)`).
    static func writeFields(into output: JSONOutput, _ write: (inout JSONFields) throws -> Void) rethrows {
        var fields = JSONFields(opening: output, brace: false)
        try write(&fields)
    }

    private init(container: KeyedEncodingContainer<AnyKey>) {
        output = nil
        self.container = container
    }

    fileprivate func close() {
        output?.raw("}")
    }

    /// Writes one field: its value straight after `"key":` when writing bytes, through the
    /// keyed container otherwise.
    private mutating func field(
        _ key: String,
        bytes: (JSONOutput) throws -> Void,
        container: (inout KeyedEncodingContainer<AnyKey>, AnyKey) throws -> Void
    ) rethrows {
        if let output {
            if count > 0 { output.raw(",") }
            count += 1
            output.quoted(key)
            output.raw(":")
            try bytes(output)
        } else if var keyed = self.container {
            try container(&keyed, AnyKey(stringValue: key))
        }
    }

    /// Fields written before (`writeFields`), as they were, in place of writing them again.
    /// Only the server's own encoder can take written JSON.
    mutating func write(fieldsOf written: WrittenJSONArray, at index: Int) throws {
        guard let output else { throw ValueEncoder.refusal(of: written, at: []) }
        if count > 0 { output.raw(",") }
        count += 1
        written.write(itemAt: index, to: output)
    }

    /// A field whose value was written before, as it was.
    mutating func write(_ key: String, itemOf written: WrittenJSONArray, at index: Int) throws {
        guard output != nil else { throw ValueEncoder.refusal(of: written, at: []) }
        field(key, bytes: { written.write(itemAt: index, to: $0) }, container: { _, _ in })
    }

    mutating func write(_ key: String, _ value: String) throws {
        try field(key, bytes: { $0.quoted(value) }, container: { try $0.encode(value, forKey: $1) })
    }

    mutating func write(_ key: String, _ value: Bool) throws {
        try field(key, bytes: { $0.write(value) }, container: { try $0.encode(value, forKey: $1) })
    }

    mutating func write(_ key: String, _ value: some FixedWidthInteger & Encodable) throws {
        try field(key, bytes: { $0.write(value) }, container: { try $0.encode(value, forKey: $1) })
    }

    mutating func write(_ key: String, _ value: some JSONObject) throws {
        try field(key, bytes: { try Self.write(value, to: $0) }, container: { try $0.encode(value, forKey: $1) })
    }

    mutating func write(_ key: String, _ values: [some JSONObject]) throws {
        try field(
            key,
            bytes: { output in
                output.raw("[")
                for (index, value) in values.enumerated() {
                    if index > 0 { output.raw(",") }
                    try Self.write(value, to: output)
                }
                output.raw("]")
            },
            container: { try $0.encode(values, forKey: $1) }
        )
    }

    /// An object keyed by strings, keys sorted as the encoder writes every such object.
    mutating func write(_ key: String, _ value: [String: some Encodable]) throws {
        try field(key, bytes: { try value.writeSortedByKey(to: $0) }, container: { try $0.encode(value, forKey: $1) })
    }

    /// Any other value, written by its own `encode(to:)`.
    mutating func write(_ key: String, _ value: some Encodable) throws {
        try field(key, bytes: { try $0.encode(value) }, container: { try $0.encode(value, forKey: $1) })
    }

    private static func write(_ object: some JSONObject, to output: JSONOutput) throws {
        var fields = JSONFields(opening: output)
        try object.write(to: &fields)
        fields.close()
    }

    /// Writes `null` when there is no value.
    mutating func writeOrNull(_ key: String, _ value: (some JSONObject)?) throws {
        try field(key, bytes: { output in
            guard let value else { return output.raw("null") }
            try Self.write(value, to: output)
        }, container: { try $0.encode(value, forKey: $1) })
    }

    /// Leaves the field out when there is no value, as `encodeIfPresent` does.
    mutating func writeIfPresent(_ key: String, _ value: (some JSONObject)?) throws {
        if let value { try write(key, value) }
    }

    mutating func writeIfPresent(_ key: String, _ values: [some JSONObject]?) throws {
        if let values { try write(key, values) }
    }

    mutating func writeIfPresent(_ key: String, _ value: (some Encodable)?) throws {
        if let value { try write(key, value) }
    }
}
