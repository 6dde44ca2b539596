import Foundation

/// What each console page shows, typed: its template reads these properties by name. Each is
/// built from the API's answers the page asked for (`ConsoleAnswers`).
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

        /// Metadata's pairs, by key.
        static func items(of metadata: [String: String]?) -> [Item] {
            (metadata ?? [:]).sorted { $0.key < $1.key }.map { Item(key: $0.key, value: $0.value) }
        }
    }

    struct UserRow {
        let userID: String
        let nickname: String
        let isActive: Bool
        let isOnline: Bool
        /// The user id made safe for a link.
        let userPath: String

        init(_ user: ConsoleAnswers.User) {
            userID = user.userID
            nickname = user.nickname ?? ""
            isActive = user.isActive ?? false
            isOnline = user.isOnline ?? false
            userPath = ConsoleRoutes.encoded(userID)
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

        init(_ channel: ConsoleAnswers.Channel, kind: String) {
            self.kind = kind
            name = channel.name ?? ""
            channelURL = channel.channelURL
            customType = channel.customType ?? ""
            headcount = channel.memberCount ?? channel.participantCount ?? 0
            isFrozen = channel.freeze ?? false
            channelPath = ConsoleRoutes.encoded(channelURL)
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

        init(_ member: ConsoleAnswers.User) {
            user = UserRow(member)
            role = member.role ?? ""
        }
    }

    /// A ban or a mute: who, why, until when (or "no end").
    struct RestrictionRow {
        let userID: String
        let reason: String
        let endsAt: String

        init(_ restriction: ConsoleAnswers.Restriction) {
            userID = restriction.user?.userID ?? restriction.userID ?? ""
            reason = restriction.description ?? ""
            endsAt = restriction.endAt.map { $0 < 0 ? "no end" : "until \($0)" } ?? ""
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

        init(_ message: ConsoleAnswers.Message) {
            messageID = Int(message.messageID)
            sender = message.user?.userID ?? "admin"
            isAdmin = message.type == "ADMM"
            text = message.type == "FILE" ? message.file?.name ?? "(file)" : message.message ?? ""
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

        init(_ report: ConsoleAnswers.Report) {
            createdAt = Int(report.createdAt ?? 0)
            category = report.reportCategory ?? ""
            reportingUserID = report.reportingUser?.userID ?? ""
            offendingUserID = report.offendingUser?.userID ?? ""
            reportedText = report.reportedMessage?.message ?? ""
            let url = report.channel?.channelURL
            let kind = report.channel?.channelType == "open_channels" ? "open" : "group"
            let page = url.map { "/console/channels/\(kind)/\(ConsoleRoutes.encoded($0))" }
            reportedChannelURL = url
            reportedChannelPage = page
            deleteAction = page.flatMap { page in report.reportedMessage.map { "\(page)/messages/\($0.messageID)/delete" } }
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

        init(_ delivery: ConsoleAnswers.Deliveries.Delivery) {
            attemptedAt = Int(delivery.attemptedAt ?? 0)
            category = delivery.category ?? ""
            target = delivery.url ?? ""
            statusCode = delivery.statusCode ?? 0
            attempt = delivery.attempt ?? 0
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

        init(settings: ConsoleAnswers.WebhookSettings.Webhook, deliveries: [ConsoleAnswers.Deliveries.Delivery]) {
            enabled = settings.enabled ?? false
            url = settings.url ?? ""
            includeMembers = settings.includeMembers ?? false
            includeUnreadCount = settings.includeUnreadCount ?? false
            categories = (settings.enabledEvents ?? []).joined(separator: ", ")
            self.deliveries = deliveries.reversed().map(DeliveryRow.init)
        }
    }

    struct ClockState {
        let now: Int
        let iso: String
        let frozen: Bool

        init(_ clock: ConsoleAnswers.Clock) {
            now = Int(clock.now)
            iso = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(clock.now) / 1000))
            frozen = clock.frozen ?? false
        }
    }

    struct SnapshotRow {
        let name: String
        let size: Int
        let createdAt: Int

        init(_ snapshot: ConsoleAnswers.Snapshots.Snapshot) {
            name = snapshot.name
            size = snapshot.size ?? 0
            createdAt = Int(snapshot.createdAt ?? 0)
        }
    }

    struct Emulator {
        let clock: ClockState
        let snapshots: [SnapshotRow]
    }

    /// A page that shows nothing but its form.
    struct Form {}
}
