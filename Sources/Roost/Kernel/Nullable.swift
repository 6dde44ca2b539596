/// An optional field that Sendbird writes as `null` when it has no value. A plain optional
/// property's synthesized `Encodable` leaves the field out instead (`encodeIfPresent`).
@propertyWrapper
struct Nullable<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension Nullable: Sendable where Value: Sendable {}
