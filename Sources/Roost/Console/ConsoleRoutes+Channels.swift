import Foundation
import HTTPTypes
import Hummingbird

/// The channels pages.
extension ConsoleRoutes {
    // MARK: Channels

    func registerChannels(on group: RouterGroup<RoostContext>) {
        page(group, "channels", channelsPage)
        page(group, "channels/:type/:channel_url", channelPage)
        action(group, "channels/:type/:channel_url/freeze", freeze)
        action(group, "channels/:type/:channel_url/moderate", moderate)
    }

    @Sendable func channelsPage(_ request: Request, context: RoostContext, session: Session) async throws -> Response {
        let query = request.query
        let type = query.string("type") == "open" ? "open" : "group"
        let nameContains = query.string("name_contains") ?? ""
        let customType = query.string("custom_type") ?? ""
        let urlContains = query.string("url_contains") ?? ""
        var filter = ""
        if !nameContains.isEmpty { filter += "&name_contains=\(Self.encoded(nameContains))" }
        if !customType.isEmpty { filter += "&custom_types=\(Self.encoded(customType))" }
        if !urlContains.isEmpty { filter += "&url_contains=\(Self.encoded(urlContains))" }
        var path = "/v3/\(type)_channels?limit=20\(type == "group" ? "&show_empty=true" : "")\(filter)"
        if let token = query.string("token") { path += "&token=\(Self.encoded(token))" }
        let listed = try await call(.get, path, as: ConsoleAnswers.Channels.self, session, context).answered()
        let next = listed.next.flatMap { $0.isEmpty ? nil : $0 }
        return show("channels", ConsolePages.Channels(
            isGroup: type == "group", nameContains: nameContains, customTypeFilter: customType, urlContains: urlContains,
            channels: listed.channels.map { ConsolePages.ChannelRow($0, kind: type) },
            nextLink: next.map { "/console/channels?type=\(type)\(filter)&token=\(Self.encoded($0))" }
        ), session)
    }

    @Sendable func channelPage(_ request: Request, context: RoostContext, session: Session) async throws -> Response {
        let channel = try ChannelAddress(context)
        let view = try await call(
            .get, channel.api + (channel.type == "group" ? "?show_member=true" : ""), as: ConsoleAnswers.Channel.self, session, context
        ).answered(else: .notFound)
        // The rest is shown when it can be read; a list that cannot shows as empty.
        let operators = try await call(.get, channel.api + "/operators?limit=100", as: ConsoleAnswers.Operators.self, session, context)
        let metadata = try await call(.get, channel.api + "/metadata", as: [String: String].self, session, context)
        let banned = try await call(.get, channel.api + "/ban?limit=100", as: ConsoleAnswers.BannedList.self, session, context)
        let muted = try await call(.get, channel.api + "/mute?limit=100", as: ConsoleAnswers.MutedList.self, session, context)
        return show("channel", ConsolePages.Channel(
            channel: ConsolePages.ChannelRow(view, kind: channel.type), data: view.data ?? "",
            members: (view.members ?? []).map(ConsolePages.MemberRow.init),
            operators: (operators.answer?.operators ?? []).map(ConsolePages.UserRow.init),
            metadata: ConsolePages.Item.items(of: metadata.answer),
            banned: (banned.answer?.bannedList ?? []).map(ConsolePages.RestrictionRow.init),
            muted: (muted.answer?.mutedList ?? []).map(ConsolePages.RestrictionRow.init)
        ), session)
    }

    @Sendable func freeze(_ form: ConsoleForm, context: RoostContext, session: Session) async throws -> String {
        let channel = try ChannelAddress(context)
        let freeze = form["freeze"] == "true"
        let reply = try await call(.put, channel.api + "/freeze", body: ConsoleRequests.Freeze(freeze: freeze), session, context)
        tell(session, reply, done: freeze ? "The channel is frozen." : "The channel is no longer frozen.")
        return channel.page
    }

    @Sendable func moderate(_ form: ConsoleForm, context: RoostContext, session: Session) async throws -> String {
        let channel = try ChannelAddress(context)
        guard let userID = form.text("user_id") else {
            sessions.tell(session, "Say which user.", isError: true)
            return channel.page
        }
        let seconds = Int64(form.text("seconds") ?? "-1") ?? -1
        let order = ConsoleRequests.Restriction(userID: userID, seconds: seconds, description: form.text("description") ?? "")
        let reply: ConsoleAPI.Reply<ConsoleAnswers.Ignored>
        switch form["action"] {
        case "ban": reply = try await call(.post, channel.api + "/ban", body: order, session, context)
        case "mute": reply = try await call(.post, channel.api + "/mute", body: order, session, context)
        case "unban": reply = try await call(.delete, channel.api + "/ban/\(Self.encoded(userID))", session, context)
        case "unmute": reply = try await call(.delete, channel.api + "/mute/\(Self.encoded(userID))", session, context)
        default:
            sessions.tell(session, "Choose ban, mute, unban or unmute.", isError: true)
            return channel.page
        }
        let verb = ["ban": "banned", "mute": "muted", "unban": "unbanned", "unmute": "unmuted"][form["action"] ?? ""] ?? ""
        tell(session, reply, done: "\(userID) is \(verb).")
        return channel.page
    }
}
