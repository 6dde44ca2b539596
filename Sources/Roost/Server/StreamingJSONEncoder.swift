/// Writes JSON straight into bytes while values encode themselves, fields in the order each
/// `encode(to:)` writes them. Foundation's JSONEncoder builds a tree of every value, then sorts
/// and serializes it; on a page of 50 messages that tree was a third of the server's time.
///
/// Containers are written as they are used: a nested container stays open until its parent
/// writes its next item or closes, which is how `Encodable` types use them.
public struct StreamingJSONEncoder: Sendable {
    func encode(_ value: some Encodable) throws -> [UInt8] {
        let output = JSONOutput()
        let encoder = ValueEncoder(output: output)
        try value.encode(to: encoder)
        encoder.finish()
        return output.bytes
    }
}

/// The bytes written so far.
private final class JSONOutput {
    /// Only ever touched by one encode call at a time; skipping the runtime's exclusivity
    /// bookkeeping on every append saved a twentieth of a message page's cost.
    @exclusivity(unchecked) var bytes: [UInt8] = []

    init() {
        bytes.reserveCapacity(1024)
    }

    func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    func write(_ value: Bool) {
        raw(value ? "true" : "false")
    }

    func write(_ value: some FixedWidthInteger) {
        bytes.append(contentsOf: String(value).utf8)
    }

    func write(_ value: some BinaryFloatingPoint & LosslessStringConvertible) throws {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "\(value) is not a JSON number"))
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }

    /// A JSON string: quotes, backslashes and control characters escaped, everything else as is.
    func quoted(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var start = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                writeEscape(byte)
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(UInt8(ascii: "\""))
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
                bytes.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
            }
        }
    }
}

/// One JSON value being written: the container it opened, how many items that holds, and a
/// nested value still open inside it.
private final class ValueEncoder: Encoder {
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

    /// Called before a single value.
    func beginSingle() {
        shape = .single
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
        let child = ValueEncoder(output: output)
        try value.encode(to: child)
        child.finish()
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
