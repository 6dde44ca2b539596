/// Writes JSON straight into bytes while values encode themselves, fields in the order each
/// `encode(to:)` writes them. Foundation's JSONEncoder builds a tree of every value, then sorts
/// and serializes it; on a page of 50 messages that tree was a third of the server's time.
///
/// Containers are written as they are used: a nested container stays open until its parent
/// writes its next item or closes, which is how `Encodable` types use them.
public struct StreamingJSONEncoder: Sendable {
    func encode(_ value: some Encodable) throws -> [UInt8] {
        let output = JSONOutput()
        try output.encode(value)
        return output.bytes
    }
}

/// The bytes written so far.
final class JSONOutput {
    // A buffer of our own rather than an [UInt8]: a response is thousands of appends of a
    // few bytes, and Array's checks on each were the largest cost of writing a message page.
    // One encode call at a time touches it, so the runtime's exclusivity checks are skipped.
    @exclusivity(unchecked) private var storage: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var capacity = 4096
    @exclusivity(unchecked) private var count = 0

    init() {
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deallocate()
    }

    var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: storage, count: count))
    }

    /// How many bytes are written so far.
    var length: Int {
        count
    }

    @inline(__always)
    private func reserve(_ extra: Int) {
        if count + extra > capacity { grow(toHold: extra) }
    }

    private func grow(toHold extra: Int) {
        while count + extra > capacity { capacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.initialize(from: storage, count: count)
        storage.deallocate()
        storage = grown
    }

    @inline(__always)
    private func append(_ byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    @inline(__always)
    private func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
        reserve(buffer.count)
        (storage + count).initialize(from: base, count: buffer.count)
        count += buffer.count
    }

    func raw(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// Any value, written by its own `encode(to:)`; objects keyed by strings with their
    /// keys sorted.
    func encode(_ value: some Encodable) throws {
        if let object = value as? any StringKeyedObject {
            return try object.writeSortedByKey(to: self)
        }
        let encoder = ValueEncoder(output: self)
        try value.encode(to: encoder)
        encoder.finish()
    }

    /// JSON already written, as it is.
    func raw(bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// JSON kept compact (`CompactJSON`), written out in full.
    func raw(compact: ArraySlice<UInt8>) {
        compact.withUnsafeBufferPointer { text in
            var start = 0
            for index in text.indices where text[index] < 0x20 {
                append(UnsafeBufferPointer(rebasing: text[start..<index]))
                CompactJSON.runs[Int(text[index]) - 1].withUnsafeBufferPointer { append($0) }
                start = index + 1
            }
            append(UnsafeBufferPointer(rebasing: text[start...]))
        }
    }

    /// JSON text as it is, such as a snapshot stored as the JSON it was answered with.
    func raw(json text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    func write(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    func write(_ value: some FixedWidthInteger) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // Digits are produced last first; a 64-bit number has at most 20.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { digits in
            var first = digits.count
            repeat {
                first -= 1
                digits[first] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            append(UnsafeBufferPointer(rebasing: digits[first...]))
        }
    }

    func write(_ value: some BinaryFloatingPoint & LosslessStringConvertible) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(value) is not a JSON number"))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        text.withUTF8 { append($0) }
    }

    /// A JSON string: quotes, backslashes and control characters escaped, everything else as is.
    func quoted(_ value: String) {
        append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                append(UnsafeBufferPointer(rebasing: utf8[start..<index]))
                writeEscape(byte)
                start = index + 1
            }
            append(UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        append(UInt8(ascii: "\""))
    }

    private func writeEscape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): raw("\\\"")
        case UInt8(ascii: "\\"): raw("\\\\")
        case UInt8(ascii: "\n"): raw("\\n")
        case UInt8(ascii: "\r"): raw("\\r")
        case UInt8(ascii: "\t"): raw("\\t")
        case 0x08: raw("\\b")
        case 0x0C: raw("\\f")
        default:
            raw("\\u00")
            for digit in [byte >> 4, byte & 0x0F] {
                append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
            }
        }
    }
}

/// A dictionary with string keys, which the encoder writes with its keys sorted: a
/// dictionary's own order changes from run to run, and the same state must always answer
/// the same bytes.
protocol StringKeyedObject {
    func writeSortedByKey(to output: JSONOutput) throws
}

extension Dictionary: StringKeyedObject where Key == String, Value: Encodable {
    func writeSortedByKey(to output: JSONOutput) throws {
        output.raw("{")
        for (index, key) in keys.sorted().enumerated() {
            if index > 0 { output.raw(",") }
            output.quoted(key)
            output.raw(":")
            try output.encode(self[key]!)
        }
        output.raw("}")
    }
}

/// One JSON value being written: the container it opened, how many items that holds, and a
/// nested value still open inside it.
final class ValueEncoder: Encoder {
    enum Shape { case unset, object, array, single }

    let output: JSONOutput
    var shape = Shape.unset
    var count = 0
    private var openChild: ValueEncoder?

    init(output: JSONOutput) {
        self.output = output
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        open(.object)
        return KeyedEncodingContainer(ObjectContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        open(.array)
        return PositionalContainer(encoder: self, inArray: true)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        PositionalContainer(encoder: self, inArray: false)
    }

    /// Asking for a container again carries on with the one already open, as Foundation's encoder does.
    private func open(_ newShape: Shape) {
        guard shape == .unset else { return }
        shape = newShape
        output.raw(newShape == .object ? "{" : "[")
    }

    /// Called before each item of this container: closes the previous item if it is still open.
    func beginItem() {
        closeChild()
        if count > 0 { output.raw(",") }
        count += 1
    }

    /// Opens this value as an object, or carries on with the one open (`JSONObject`'s fields).
    func openObject() {
        open(.object)
    }

    /// Called before a single value.
    func beginSingle() {
        shape = .single
    }

    /// Where a value that is JSON already (`RawJSON`, `WrittenJSON`) writes its bytes, as the
    /// single value `encoder` writes. Only this encoder can take them: any other gets an error.
    static func rawOutput(of encoder: any Encoder, for value: Any) throws -> JSONOutput {
        guard let streaming = encoder as? ValueEncoder else { throw refusal(of: value, at: encoder.codingPath) }
        streaming.beginSingle()
        return streaming.output
    }

    /// The error any other encoder gets for JSON written already.
    static func refusal(of value: Any, at codingPath: [any CodingKey]) -> EncodingError {
        EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "JSON written already is written by the server's own encoder only."))
    }

    func finish() {
        closeChild()
        switch shape {
        case .object: output.raw("}")
        case .array: output.raw("]")
        case .single: break
        case .unset: output.raw("{}")
        }
    }

    /// Writes a nested value whole.
    func encodeNested(_ value: some Encodable) throws {
        try output.encode(value)
    }

    /// A nested value that stays open for its caller to fill, closed with the next item.
    func openNested() -> ValueEncoder {
        let child = ValueEncoder(output: output)
        openChild = child
        return child
    }

    private func closeChild() {
        guard let child = openChild else { return }
        openChild = nil
        child.finish()
    }
}

private struct ObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ValueEncoder
    var codingPath: [any CodingKey] { [] }

    private func key(_ key: Key) -> JSONOutput {
        encoder.beginItem()
        encoder.output.quoted(key.stringValue)
        encoder.output.raw(":")
        return encoder.output
    }

    mutating func encodeNil(forKey key: Key) throws { self.key(key).raw("null") }
    mutating func encode(_ value: Bool, forKey key: Key) throws { self.key(key).write(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { self.key(key).quoted(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try self.key(key).write(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try self.key(key).write(value) }
    mutating func encode(_ value: Int, forKey key: Key) throws { self.key(key).write(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { self.key(key).write(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { self.key(key).write(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { self.key(key).write(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { self.key(key).write(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { self.key(key).write(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { self.key(key).write(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { self.key(key).write(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { self.key(key).write(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { self.key(key).write(value) }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        _ = self.key(key)
        try encoder.encodeNested(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        _ = self.key(key)
        return encoder.openNested().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        _ = self.key(key)
        return encoder.openNested().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        encoder.beginItem()
        encoder.output.raw("\"super\":")
        return encoder.openNested()
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        _ = self.key(key)
        return encoder.openNested()
    }
}

/// An array's items, or a lone value: the same writes, with commas only between array items.
private struct PositionalContainer: UnkeyedEncodingContainer, SingleValueEncodingContainer {
    let encoder: ValueEncoder
    let inArray: Bool
    var codingPath: [any CodingKey] { [] }
    var count: Int { encoder.count }

    private func slot() -> JSONOutput {
        if inArray { encoder.beginItem() } else { encoder.beginSingle() }
        return encoder.output
    }

    mutating func encodeNil() throws { slot().raw("null") }
    mutating func encode(_ value: Bool) throws { slot().write(value) }
    mutating func encode(_ value: String) throws { slot().quoted(value) }
    mutating func encode(_ value: Double) throws { try slot().write(value) }
    mutating func encode(_ value: Float) throws { try slot().write(value) }
    mutating func encode(_ value: Int) throws { slot().write(value) }
    mutating func encode(_ value: Int8) throws { slot().write(value) }
    mutating func encode(_ value: Int16) throws { slot().write(value) }
    mutating func encode(_ value: Int32) throws { slot().write(value) }
    mutating func encode(_ value: Int64) throws { slot().write(value) }
    mutating func encode(_ value: UInt) throws { slot().write(value) }
    mutating func encode(_ value: UInt8) throws { slot().write(value) }
    mutating func encode(_ value: UInt16) throws { slot().write(value) }
    mutating func encode(_ value: UInt32) throws { slot().write(value) }
    mutating func encode(_ value: UInt64) throws { slot().write(value) }

    mutating func encode(_ value: some Encodable) throws {
        _ = slot()
        try encoder.encodeNested(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        _ = slot()
        return encoder.openNested().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        _ = slot()
        return encoder.openNested().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        _ = slot()
        return encoder.openNested()
    }
}
