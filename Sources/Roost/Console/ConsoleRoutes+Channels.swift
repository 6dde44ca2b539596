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
        let reply = try await call(.get, path, session, context)
        if let failure = reply.failure { return problem(failure, session) }
        let next = reply.json["next"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        return show("channels", ConsolePages.Channels(
            isGroup: type == "group", nameContains: nameContains, customTypeFilter: customType, urlContains: urlContains,
            channels: ConsolePages.ChannelRow.rows(of: reply.json["channels"], kind: type),
            nextLink: next.map { "/console/channels?type=\(type)\(filter)&token=\(Self.encoded($0))" }
        ), session)
    }

    @Sendable func channelPage(_ request: Request, context: RoostContext, session: Session) async throws -> Response {
        let channel = try ChannelAddress(context)
        let view = try await call(.get, channel.api + (channel.type == "group" ? "?show_member=true" : ""), session, context)
        if let failure = view.failure { return problem(failure, session, status: .notFound) }
        let operators = try await call(.get, channel.api + "/operators?limit=100", session, context)
        let metadata = try await call(.get, channel.api + "/metadata", session, context)
        let banned = try await call(.get, channel.api + "/ban?limit=100", session, context)
        let muted = try await call(.get, channel.api + "/mute?limit=100", session, context)
        return show("channel", ConsolePages.Channel(
            channel: ConsolePages.ChannelRow(view.json, kind: channel.type), data: view.json["data"]?.stringValue ?? "",
            members: ConsolePages.MemberRow.rows(of: view.json["members"]),
            operators: ConsolePages.UserRow.rows(of: operators.json["operators"]),
            metadata: ConsolePages.Item.items(of: metadata.json),
            banned: ConsolePages.RestrictionRow.rows(of: banned.json["banned_list"]),
            muted: ConsolePages.RestrictionRow.rows(of: muted.json["muted_list"])
        ), session)
    }

    @Sendable func freeze(_ form: ConsoleForm, context: RoostContext, session: Session) async throws -> String {
        let channel = try ChannelAddress(context)
        let freeze = form["freeze"] == "true"
        let reply = try await call(.put, channel.api + "/freeze", body: .object(["freeze": .bool(freeze)]), session, context)
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
        let order: AnyJSON = .object([
            "user_id": .string(userID), "seconds": .integer(seconds), "description": .string(form.text("description") ?? ""),
        ])
        let reply: ConsoleAPI.Reply
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
