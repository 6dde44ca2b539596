/// A JSON object that writes its own fields straight into the server's encoder's output:
/// `Encodable`'s keyed containers cost several times the writing itself, which mattered for
/// the objects a response holds by the dozen (messages and the users inside them). Only the
/// server's own encoder (`StreamingJSONEncoder`) writes one; any other gets an error.
///
/// A value that writes its fields into the same encoder afterwards adds them to this
/// object, as with any `Encodable` that asks for the keyed container again: that is how an
/// answer adds fields of its own to a user's or a channel's.
protocol JSONObject: Encodable {
    func write(to fields: inout JSONFields) throws
}

extension JSONObject {
    func encode(to encoder: any Encoder) throws {
        var fields = try JSONFields(encoder, for: self)
        try write(to: &fields)
        fields.close()
    }
}

/// The fields of one JSON object, in the order they are written.
struct JSONFields {
    private let output: JSONOutput
    /// The encoder whose object the fields go into, which counts them, so that other values
    /// may add fields to the same object; nil for an object written here from start to end.
    private let object: ValueEncoder?
    private var count = 0

    /// `value` is only named in the error: taken as `Any` outright, a message or a channel
    /// would be copied into a box of its own for every object written.
    init(_ encoder: any Encoder, for value: @autoclosure () -> Any) throws {
        guard let streaming = encoder as? ValueEncoder else { throw ValueEncoder.refusal(of: value(), at: encoder.codingPath) }
        streaming.openObject()
        output = streaming.output
        object = streaming
    }

    private init(opening output: JSONOutput, brace: Bool = true) {
        if brace { output.raw("{") }
        self.output = output
        object = nil
    }

    /// Writes the fields `write` writes into `output` without the braces around them: a part of
    /// an object, kept to be written into whole ones later (`write(fieldsOf:at:)`).
    static func writeFields(into output: JSONOutput, _ write: (inout JSONFields) throws -> Void) rethrows {
        var fields = JSONFields(opening: output, brace: false)
        try write(&fields)
    }

    /// Ends an object written here; the encoder ends its own.
    fileprivate func close() {
        if object == nil { output.raw("}") }
    }

    /// Before each field: the comma after the one before it.
    private mutating func separate() {
        if let object {
            object.beginItem()
        } else {
            if count > 0 { output.raw(",") }
            count += 1
        }
    }

    /// Where the value of the field `key` goes.
    private mutating func field(_ key: String) -> JSONOutput {
        separate()
        output.quoted(key)
        output.raw(":")
        return output
    }

    /// Fields written before (`writeFields`), as they were, in place of writing them again.
    mutating func write(fieldsOf written: WrittenJSONArray, at index: Int) {
        separate()
        written.write(itemAt: index, to: output)
    }

    /// A field whose value was written before, as it was.
    mutating func write(_ key: String, itemOf written: WrittenJSONArray, at index: Int) {
        written.write(itemAt: index, to: field(key))
    }

    mutating func write(_ key: String, _ value: String) {
        field(key).quoted(value)
    }

    mutating func write(_ key: String, _ value: Bool) {
        field(key).write(value)
    }

    mutating func write(_ key: String, _ value: some FixedWidthInteger & Encodable) {
        field(key).write(value)
    }

    mutating func write(_ key: String, _ value: some JSONObject) throws {
        try Self.write(value, to: field(key))
    }

    mutating func write(_ key: String, _ values: [some JSONObject]) throws {
        let output = field(key)
        output.raw("[")
        for (index, value) in values.enumerated() {
            if index > 0 { output.raw(",") }
            try Self.write(value, to: output)
        }
        output.raw("]")
    }

    /// An object keyed by strings, keys sorted as the encoder writes every such object.
    mutating func write(_ key: String, _ value: [String: some Encodable]) throws {
        try value.writeSortedByKey(to: field(key))
    }

    /// Any other value, written by its own `encode(to:)`.
    mutating func write(_ key: String, _ value: some Encodable) throws {
        try field(key).encode(value)
    }

    private static func write(_ object: some JSONObject, to output: JSONOutput) throws {
        var fields = JSONFields(opening: output)
        try object.write(to: &fields)
        fields.close()
    }

    /// Writes `null` when there is no value.
    mutating func writeOrNull(_ key: String, _ value: (some JSONObject)?) throws {
        let output = field(key)
        guard let value else { return output.raw("null") }
        try Self.write(value, to: output)
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
