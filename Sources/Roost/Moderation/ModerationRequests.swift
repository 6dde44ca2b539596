struct RestrictRequest: Decodable {
    var userID: String?
    var userIDs: [String]?
    var agentID: String?
    var seconds: Int64?
    var description: String?

    enum CodingKeys: String, CodingKey {
        case userID = "user_id", userIDs = "user_ids", agentID = "agent_id", seconds, description
    }

    var targets: [String] { userIDs ?? userID.map { [$0] } ?? [] }
}

struct UpdateBanRequest: Decodable {
    var seconds: Int64?
    var description: String?
}

struct CustomTypesRequest: Decodable {
    var channelCustomTypes: [String]
    var seconds: Int64?
    var description: String?

    enum CodingKeys: String, CodingKey { case channelCustomTypes = "channel_custom_types", seconds, description }
}
