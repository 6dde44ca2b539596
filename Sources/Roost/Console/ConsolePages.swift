import Foundation

/// What each console page shows, typed: its template reads these properties by name. Each is
/// built from the API's JSON answers the page asked for, so a field the API leaves out shows
/// as empty, never as another level's value of the same name.
enum ConsolePages {
    struct SignIn {
        let csrf: String
        let error: String?
    }

    struct Problem {
        let heading: String
        let message: String
    }

    struct Overview {
        let users: Int
        let groupChannels: Int
        let openChannels: Int
        let messages: Int
        /// SVG Roost draws itself from numbers (`ConsoleCharts`).
        let messagesChart: String
        let dauChart: String
    }

    /// A key and its value, as metadata tables list them.
    struct Item {
        let key: String
        let value: String

        /// An object's members, by key.
        static func items(of object: AnyJSON?) -> [Item] {
            guard case .object(let members)? = object else { return [] }
            return members.keys.sorted().map { key in
                Item(key: key, value: members[key]?.stringValue ?? members[key]?.intValue.map { String($0) } ?? "")
            }
        }
    }

    struct UserRow {
        let userID: String
        let nickname: String
        let isActive: Bool
        let isOnline: Bool
        /// The user id made safe for a link.
        let userPath: String

        init(_ user: AnyJSON) {
            userID = user["user_id"]?.stringValue ?? ""
            nickname = user["nickname"]?.stringValue ?? ""
            isActive = user["is_active"]?.boolValue ?? false
            isOnline = user["is_online"]?.boolValue ?? false
            userPath = ConsoleRoutes.encoded(userID)
        }

        static func rows(of list: AnyJSON?) -> [UserRow] {
            (list?.arrayValue ?? []).map(UserRow.init)
        }
    }

    struct Users {
        let query: String
        let byID: Bool
        let users: [UserRow]
        let nextLink: String?
    }

    struct ChannelRow {
        /// `group` or `open`, as console paths name them.
        let kind: String
        let name: String
        let channelURL: String
        let customType: String
        /// Members of a group channel, participants of an open one.
        let headcount: Int
        let isFrozen: Bool
        /// The channel URL made safe for a link.
        let channelPath: String

        init(_ channel: AnyJSON, kind: String) {
            self.kind = kind
            name = channel["name"]?.stringValue ?? ""
            channelURL = channel["channel_url"]?.stringValue ?? ""
            customType = channel["custom_type"]?.stringValue ?? ""
            headcount = Int(channel["member_count"]?.intValue ?? channel["participant_count"]?.intValue ?? 0)
            isFrozen = channel["freeze"]?.boolValue ?? false
            channelPath = ConsoleRoutes.encoded(channelURL)
        }

        static func rows(of list: AnyJSON?, kind: String) -> [ChannelRow] {
            (list?.arrayValue ?? []).map { ChannelRow($0, kind: kind) }
        }
    }

    struct User {
        let user: UserRow
        let profileURL: String
        let createdAt: Int
        let metadata: [Item]
        let channels: [ChannelRow]
    }

    struct Channels {
        let isGroup: Bool
        let nameContains: String
        let customTypeFilter: String
        let urlContains: String
        let channels: [ChannelRow]
        let nextLink: String?
    }

    struct MemberRow {
        let user: UserRow
        let role: String

        static func rows(of list: AnyJSON?) -> [MemberRow] {
            (list?.arrayValue ?? []).map { MemberRow(user: UserRow($0), role: $0["role"]?.stringValue ?? "") }
        }
    }

    /// A ban or a mute: who, why, until when.
    struct RestrictionRow {
        let userID: String
        let reason: String
        let endsAt: String

        static func rows(of list: AnyJSON?) -> [RestrictionRow] {
            (list?.arrayValue ?? []).map { item in
                RestrictionRow(
                    userID: item["user"]?["user_id"]?.stringValue ?? item["user_id"]?.stringValue ?? "",
                    reason: item["description"]?.stringValue ?? "",
                    endsAt: item["end_at"]?.intValue.map { $0 < 0 ? "no end" : String($0) } ?? ""
                )
            }
        }
    }

    struct Channel {
        let channel: ChannelRow
        let data: String
        let members: [MemberRow]
        let operators: [UserRow]
        let metadata: [Item]
        let banned: [RestrictionRow]
        let muted: [RestrictionRow]
    }

    struct MessageRow {
        let messageID: Int
        let sender: String
        let text: String
        let isAdmin: Bool

        init(_ message: AnyJSON) {
            messageID = Int(message["message_id"]?.intValue ?? 0)
            sender = message["user"]?["user_id"]?.stringValue ?? "admin"
            isAdmin = message["type"]?.stringValue == "ADMM"
            text = message["type"]?.stringValue == "FILE"
                ? message["file"]?["name"]?.stringValue ?? "(file)" : message["message"]?.stringValue ?? ""
        }
    }

    struct Messages {
        let channel: ChannelRow
        /// The event log position the live updates continue from.
        let since: Int
        let messages: [MessageRow]
    }

    struct ReportRow {
        let createdAt: Int
        let category: String
        let reportingUserID: String
        let offendingUserID: String
        let reportedChannelURL: String?
        /// The console page of the channel reported in or about.
        let reportedChannelPage: String?
        let reportedText: String
        /// Where the form deleting the reported message posts.
        let deleteAction: String?

        init(_ report: AnyJSON) {
            createdAt = Int(report["created_at"]?.intValue ?? 0)
            category = report["report_category"]?.stringValue ?? ""
            reportingUserID = report["reporting_user"]?["user_id"]?.stringValue ?? ""
            offendingUserID = report["offending_user"]?["user_id"]?.stringValue ?? ""
            reportedText = report["reported_message"]?["message"]?.stringValue ?? ""
            let url = report["channel"]?["channel_url"]?.stringValue
            let kind = report["channel"]?["channel_type"]?.stringValue == "open_channels" ? "open" : "group"
            let page = url.map { "/console/channels/\(kind)/\(ConsoleRoutes.encoded($0))" }
            reportedChannelURL = url
            reportedChannelPage = page
            deleteAction = page.flatMap { page in report["reported_message"]?["message_id"]?.intValue.map { "\(page)/messages/\($0)/delete" } }
        }
    }

    struct Moderation {
        let reports: [ReportRow]
    }

    struct DeliveryRow {
        let attemptedAt: Int
        let category: String
        let target: String
        let statusCode: Int
        let attempt: Int
        let failed: Bool

        init(_ delivery: AnyJSON) {
            attemptedAt = Int(delivery["attempted_at"]?.intValue ?? 0)
            category = delivery["category"]?.stringValue ?? ""
            target = delivery["url"]?.stringValue ?? ""
            statusCode = Int(delivery["status_code"]?.intValue ?? 0)
            attempt = Int(delivery["attempt"]?.intValue ?? 0)
            failed = !(200..<300).contains(statusCode)
        }
    }

    struct Webhooks {
        let enabled: Bool
        let url: String
        let includeMembers: Bool
        let includeUnreadCount: Bool
        /// The enabled categories, comma-separated, as the form edits them.
        let categories: String
        let deliveries: [DeliveryRow]

        init(settings: AnyJSON?, deliveries: AnyJSON?) {
            enabled = settings?["enabled"]?.boolValue ?? false
            url = settings?["url"]?.stringValue ?? ""
            includeMembers = settings?["include_members"]?.boolValue ?? false
            includeUnreadCount = settings?["include_unread_count"]?.boolValue ?? false
            categories = (settings?["enabled_events"]?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: ", ")
            self.deliveries = (deliveries?.arrayValue ?? []).reversed().map(DeliveryRow.init)
        }
    }

    struct ClockState {
        let now: Int
        let iso: String
        let frozen: Bool

        init(_ clock: AnyJSON) {
            let now = clock["now"]?.intValue ?? 0
            self.now = Int(now)
            iso = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(now) / 1000))
            frozen = clock["frozen"]?.boolValue ?? false
        }
    }

    struct SnapshotRow {
        let name: String
        let size: Int
        let createdAt: Int

        static func rows(of list: AnyJSON?) -> [SnapshotRow] {
            (list?.arrayValue ?? []).map {
                SnapshotRow(
                    name: $0["name"]?.stringValue ?? "", size: Int($0["size"]?.intValue ?? 0),
                    createdAt: Int($0["created_at"]?.intValue ?? 0)
                )
            }
        }
    }

    struct Emulator {
        let clock: ClockState
        let snapshots: [SnapshotRow]
    }

    /// A page that shows nothing but its form.
    struct Form {}
}
