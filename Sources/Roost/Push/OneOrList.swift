/// One string, or a list of them: Sendbird answers some push fields as either, by the call.
enum OneOrList: Encodable, Sendable {
    case one(String)
    case list([String])

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .one(let value): try container.encode(value)
        case .list(let values): try container.encode(values)
        }
    }
}
