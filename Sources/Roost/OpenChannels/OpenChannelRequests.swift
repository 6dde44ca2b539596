/// Bodies of the open channel routes.
struct CreateOpenChannelRequest: Decodable {
    var name: String?
    var channelURL: String?
    var coverURL: String?
    var customType: String?
    var data: String?
    var isEphemeral: Bool?
    var isDynamicPartitioned: Bool?
    var operatorIDs: [String]?
    /// The older spelling of `operator_ids`.
    var operators: [String]?

    enum CodingKeys: String, CodingKey {
        case name, channelURL = "channel_url", coverURL = "cover_url", customType = "custom_type", data
        case isEphemeral = "is_ephemeral", isDynamicPartitioned = "is_dynamic_partitioned", operatorIDs = "operator_ids", operators
    }

    var operatorUserIDs: [String]? { operatorIDs ?? operators }
}

struct UpdateOpenChannelRequest: Decodable {
    var name: String?
    var coverURL: String?
    var customType: String?
    var data: String?
    var operatorIDs: [String]?
    var operators: [String]?

    enum CodingKeys: String, CodingKey {
        case name, coverURL = "cover_url", customType = "custom_type", data, operatorIDs = "operator_ids", operators
    }

    var operatorUserIDs: [String]? { operatorIDs ?? operators }
}
