import Foundation
import Hummingbird

/// Which auto event messages are on, by Sendbird's groups and keys; every one off by default.
struct AutoEventMessageSettings: Sendable, Equatable {
    /// Sendbird's groups, each with its keys, in the order it answers them.
    static let groups: [(group: String, keys: [String])] = [
        ("user_leave", ["deleted", "deactivated", "left", "admin_removed", "admin_deleted", "admin_deactivated", "left_by_own_choice", "channel_operator_removed"]),
        ("user_join", ["user_join"]),
        ("channel_create", ["public_channel", "private_channel"]),
        ("channel_change", ["channel_change"]),
    ]

    /// "group.key" of each message turned on.
    private(set) var enabled: Set<String> = []

    init(enabled: Set<String> = []) {
        self.enabled = enabled
    }

    func isOn(_ group: String, _ key: String) -> Bool {
        enabled.contains("\(group).\(key)")
    }

    /// Applies `{"group": {"key": bool}}`; an unknown group or key, or a value that is not a
    /// boolean, is refused whole.
    mutating func apply(_ change: [String: [String: Bool]]) throws(APIError) {
        var next = enabled
        for (group, values) in change {
            guard let known = Self.groups.first(where: { $0.group == group }) else {
                throw .invalid("auto_event_message", "\"\(group)\" is not an auto event message group.")
            }
            for (key, on) in values {
                guard known.keys.contains(key) else { throw .invalid("auto_event_message.\(group)", "\"\(key)\" is not one of its keys.") }
                if on { next.insert("\(group).\(key)") } else { next.remove("\(group).\(key)") }
            }
        }
        enabled = next
    }
}

/// `{"auto_event_message": {...}}` as Sendbird answers it: every group with every key.
struct AutoEventMessageBody: ResponseEncodable, Encodable {
    /// The groups in `AutoEventMessageSettings.groups`' order.
    struct Groups: Encodable {
        let userLeave: [String: Bool]
        let userJoin: [String: Bool]
        let channelCreate: [String: Bool]
        let channelChange: [String: Bool]

        enum CodingKeys: String, CodingKey {
            case userLeave = "user_leave", userJoin = "user_join", channelCreate = "channel_create", channelChange = "channel_change"
        }
    }

    let autoEventMessage: Groups

    enum CodingKeys: String, CodingKey { case autoEventMessage = "auto_event_message" }

    init(settings: AutoEventMessageSettings) {
        func group(_ name: Groups.CodingKeys) -> [String: Bool] {
            let keys = AutoEventMessageSettings.groups.first { $0.group == name.rawValue }?.keys ?? []
            return Dictionary(uniqueKeysWithValues: keys.map { ($0, settings.isOn(name.rawValue, $0)) })
        }
        autoEventMessage = Groups(
            userLeave: group(.userLeave), userJoin: group(.userJoin), channelCreate: group(.channelCreate), channelChange: group(.channelChange)
        )
    }
}

/// A change: `{"auto_event_message": {...}}` as Sendbird's OpenAPI wraps it, or the groups at
/// the top level as Sendbird's page lists them.
struct AutoEventMessageRequest: Decodable {
    let change: [String: [String: Bool]]

    enum CodingKeys: String, CodingKey { case autoEventMessage = "auto_event_message" }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let wrapped = try container.decodeIfPresent([String: [String: Bool]].self, forKey: .autoEventMessage) {
            change = wrapped
        } else {
            change = try decoder.singleValueContainer().decode([String: [String: Bool]].self)
        }
    }
}
