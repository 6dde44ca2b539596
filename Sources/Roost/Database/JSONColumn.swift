import Foundation

/// Values kept in one TEXT column as JSON: lists of strings, file descriptions, meta
/// arrays, snapshots.
enum JSONColumn {
    static func encode(_ value: some Encodable) -> String {
        (try? JSON.encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    static func decode(_ text: String) -> [String] {
        decode([String].self, from: text) ?? []
    }

    /// The stored value; nil for NULL, for text that does not decode, and for an empty
    /// array or object, which callers default anyway (most rows hold one, and skipping the
    /// decoder for them is measurably faster).
    static func decode<Value: Decodable>(_ type: Value.Type, from text: String?) -> Value? {
        guard let text, text != "[]", text != "{}" else { return nil }
        return try? JSON.decoder.decode(Value.self, from: Data(text.utf8))
    }
}
