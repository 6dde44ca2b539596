/// One metadata value as a request gives it. Sendbird keeps metadata as strings, yet takes a
/// number or a boolean too, and writes it as Python does: its own integration tests create a
/// user with `"vip": true` and read back `"True"`. So `true` is kept as `"True"`, `5` as `"5"`,
/// `2.5` as `"2.5"`. Anything else (null, a list, an object) is refused as a value that should
/// have been a string.
struct MetadataValue: Decodable, Sendable {
    let text: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let string = try? container.decode(String.self) {
            text = string
        } else if let integer = try? container.decode(Int64.self) {
            text = String(integer)
        } else if let number = try? container.decode(Double.self) {
            text = "\(number)"
        } else if let flag = try? container.decode(Bool.self) {
            text = flag ? "True" : "False"
        } else {
            throw DecodingError.typeMismatch(
                String.self, .init(codingPath: decoder.codingPath, debugDescription: "a string, number or boolean")
            )
        }
    }
}

/// Metadata items as a request gives them, each value read as a `MetadataValue`.
struct MetadataValues: Decodable, Sendable {
    let items: [String: String]

    init(from decoder: any Decoder) throws {
        items = try decoder.singleValueContainer().decode([String: MetadataValue].self).mapValues(\.text)
    }
}
