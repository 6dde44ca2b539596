/// Bodies of the group channel routes, spelled as Sendbird spells them.
struct CreateGroupChannelRequest: Decodable {
    /// A user in `users`: an object with its `user_id`, or, as the official Python SDK sends
    /// it, the id itself.
    struct UserReference: Decodable {
        let userID: String

        enum CodingKeys: String, CodingKey { case userID = "user_id" }

        init(from decoder: any Decoder) throws {
            if let id = try? decoder.singleValueContainer().decode(String.self) {
                userID = id
            } else {
                userID = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .userID)
            }
        }

        /// Every user named, by `user_ids` or `users`, without repeats and in order.
        static func ids(_ userIDs: [String]?, _ users: [UserReference]?) -> [String] {
            var seen = Set<String>()
            return ((userIDs ?? []) + (users ?? []).map(\.userID)).filter { seen.insert($0).inserted }
        }
    }

    var userIDs: [String]?
    var users: [UserReference]?
    var name: String?
    var channelURL: String?
    var coverURL: String?
    var customType: String?
    var data: String?
    var isDistinct: Bool?
    var isPublic: Bool?
    var isSuper: Bool?
    var isEphemeral: Bool?
    var isDiscoverable: Bool?
    var accessCode: String?
    var inviterID: String?
    var strict: Bool?
    var invitationStatus: [String: String]?
    var hiddenStatus: [String: String]?
    var operatorIDs: [String]?

    enum CodingKeys: String, CodingKey {
        case userIDs = "user_ids", users, name, channelURL = "channel_url", coverURL = "cover_url"
        case customType = "custom_type", data, isDistinct = "is_distinct", isPublic = "is_public", isSuper = "is_super"
        case isEphemeral = "is_ephemeral", isDiscoverable = "is_discoverable", accessCode = "access_code"
        case inviterID = "inviter_id", strict, invitationStatus = "invitation_status", hiddenStatus = "hidden_status"
        case operatorIDs = "operator_ids"
    }

    var memberIDs: [String] { UserReference.ids(userIDs, users) }
}

struct UpdateGroupChannelRequest: Decodable {
    var name: String?
    var coverURL: String?
    var customType: String?
    var data: String?
    var isDistinct: Bool?
    var isPublic: Bool?
    /// True makes the channel a Supergroup, for good.
    var isSuper: Bool?
    var isDiscoverable: Bool?
    var accessCode: String?
    var operatorIDs: [String]?

    enum CodingKeys: String, CodingKey {
        case name, coverURL = "cover_url", customType = "custom_type", data, isDistinct = "is_distinct"
        case isPublic = "is_public", isSuper = "is_super", isDiscoverable = "is_discoverable", accessCode = "access_code"
        case operatorIDs = "operator_ids"
    }
}

struct InviteRequest: Decodable {
    var userIDs: [String]?
    var users: [CreateGroupChannelRequest.UserReference]?
    var inviterID: String?
    var invitationStatus: [String: String]?
    var hiddenStatus: [String: String]?

    enum CodingKeys: String, CodingKey {
        case userIDs = "user_ids", users, inviterID = "inviter_id", invitationStatus = "invitation_status"
        case hiddenStatus = "hidden_status"
    }

    var inviteeIDs: [String] { CreateGroupChannelRequest.UserReference.ids(userIDs, users) }
}

/// `{"user_id": ..., "access_code": ...}`: accept, decline and join.
struct MemberActionRequest: Decodable {
    var userID: String
    var accessCode: String?

    enum CodingKeys: String, CodingKey { case userID = "user_id", accessCode = "access_code" }
}

struct LeaveRequest: Decodable {
    var userIDs: [String]?
    var shouldLeaveAll: Bool?
    var shouldRemoveOperatorStatus: Bool?
    /// Why they leave, as the leave's auto event message tells it: Sendbird's page spells the
    /// values in lower case, its SDKs' models in upper case.
    var reason: String?

    enum CodingKeys: String, CodingKey {
        case userIDs = "user_ids", shouldLeaveAll = "should_leave_all"
        case shouldRemoveOperatorStatus = "should_remove_operator_status", reason
    }

    func leaveReason() throws -> AutoEventMessages.LeaveReason {
        guard let reason else { return .leftByOwnChoice }
        guard let known = AutoEventMessages.LeaveReason(rawValue: reason.uppercased()) else {
            throw APIError.invalid("reason", "It must be one of admin_removed, admin_deleted, admin_deactivated, left_by_own_choice, channel_operator_removed.")
        }
        return known
    }
}

struct HideRequest: Decodable {
    var userID: String?
    var shouldHideAll: Bool?
    var hidePreviousMessages: Bool?
    var allowAutoUnhide: Bool?

    enum CodingKeys: String, CodingKey {
        case userID = "user_id", shouldHideAll = "should_hide_all", hidePreviousMessages = "hide_previous_messages"
        case allowAutoUnhide = "allow_auto_unhide"
    }
}

struct ResetHistoryRequest: Decodable {
    var userID: String?
    var resetAll: Bool?

    enum CodingKeys: String, CodingKey { case userID = "user_id", resetAll = "reset_all" }
}

struct TypingRequest: Decodable {
    var userIDs: [String]

    enum CodingKeys: String, CodingKey { case userIDs = "user_ids" }
}

struct LeaveMyChannelsRequest: Decodable {
    var customType: String?

    enum CodingKeys: String, CodingKey { case customType = "custom_type" }
}

/// The values of `invitation_status`.
enum InvitationStatus: String {
    case joined
    case invitedByFriend = "invited_by_friend"
    case invitedByNonFriend = "invited_by_non_friend"

    var memberState: MemberState { self == .joined ? .joined : .invited }
}
