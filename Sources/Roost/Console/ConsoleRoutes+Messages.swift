import Foundation
import HTTPTypes
import Hummingbird

/// The messages pages and admin messages.
extension ConsoleRoutes {
    // MARK: Messages and admin messages

    func registerMessages(on group: RouterGroup<RoostContext>) {
        page(group, "channels/:type/:channel_url/messages", messagesPage)
        action(group, "channels/:type/:channel_url/messages", sendAdminMessage)
        action(group, "channels/:type/:channel_url/messages/:message_id/delete", deleteMessage)
        // The channel's events as they commit, for the messages page: the API's own live stream.
        group.get("channels/:type/:channel_url/live", use: liveEvents)
        page(group, "admin-messages", adminMessagesPage)
        action(group, "admin-messages", broadcast)
    }

    func adminMessage(_ form: ConsoleForm, customTypeField: String) -> ConsoleRequests.AdminMessage {
        ConsoleRequests.AdminMessage(message: form["message"] ?? "", customType: form.text(customTypeField), data: form.text("data"))
    }

    /// Every group channel the filter matches, page by page (at most 10,000).
    func matchingChannels(customType: String?, nameContains: String?, _ session: Session, _ context: RoostContext) async throws -> [String] {
        var filter = ""
        if let customType { filter += "&custom_types=\(Self.encoded(customType))" }
        if let nameContains { filter += "&name_contains=\(Self.encoded(nameContains))" }
        var urls: [String] = []
        var token = ""
        repeat {
            let reply = try await call(
                .get, "/v3/group_channels?limit=100&show_empty=true\(filter)&token=\(Self.encoded(token))", as: ConsoleAnswers.Channels.self,
                session, context
            )
            guard let listed = reply.answer else { break }
            urls += listed.channels.map(\.channelURL)
            token = listed.next ?? ""
        } while !token.isEmpty && urls.count < 10_000
        return urls
    }

    @Sendable func messagesPage(_ request: Request, context: RoostContext, session: Session) async throws -> Response {
        let channel = try ChannelAddress(context)
        let view = try await call(.get, channel.api, as: ConsoleAnswers.Channel.self, session, context).answered(else: .notFound)
        let since = try await database.read { db in try repository.lastEventSeq(in: db) }
        let listed = try await call(
            .get, channel.api + "/messages?message_ts=\(clock.now)&prev_limit=50&next_limit=0", as: ConsoleAnswers.Messages.self, session, context
        ).answered()
        return show("messages", ConsolePages.Messages(
            channel: ConsolePages.ChannelRow(view, kind: channel.type), since: Int(since),
            messages: listed.messages.map(ConsolePages.MessageRow.init)
        ), session)
    }

    @Sendable func sendAdminMessage(_ form: ConsoleForm, context: RoostContext, session: Session) async throws -> String {
        let channel = try ChannelAddress(context)
        let reply = try await call(.post, channel.api + "/messages", body: adminMessage(form, customTypeField: "custom_type"), session, context)
        tell(session, reply, done: "Admin message sent.")
        return channel.page + "/messages"
    }

    @Sendable func deleteMessage(_ form: ConsoleForm, context: RoostContext, session: Session) async throws -> String {
        let channel = try ChannelAddress(context)
        let messageID = try context.int64PathParameter("message_id")
        let reply = try await call(.delete, channel.api + "/messages/\(messageID)", session, context)
        tell(session, reply, done: "Message \(messageID) deleted.")
        return form["back"].flatMap { $0.hasPrefix("/console/") && !$0.hasPrefix("/console//") ? $0 : nil } ?? channel.page + "/messages"
    }

    @Sendable func liveEvents(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        guard let session = sessions.session(for: request) else { return Response(status: .unauthorized) }
        let channel = try ChannelAddress(context)
        let since = try request.query.int64("since") ?? 0
        return try await api.respond(
            .get, "/roost/events?channel_url=\(Self.encoded(channel.url))&since=\(since)", token: session.token, context: context,
            accept: "text/event-stream"
        )
    }

    @Sendable func adminMessagesPage(_ request: Request, context: RoostContext, session: Session) async throws -> Response {
        show("admin-messages", ConsolePages.Form(), session)
    }

    @Sendable func broadcast(_ form: ConsoleForm, context: RoostContext, session: Session) async throws -> String {
        guard form.text("message") != nil else {
            sessions.tell(session, "Write the message.", isError: true)
            return "/console/admin-messages"
        }
        let urls: [String]
        if form["target"] == "filter" {
            urls = try await matchingChannels(customType: form.text("custom_type"), nameContains: form.text("name_contains"), session, context)
        } else {
            urls = (form["channel_urls"] ?? "").split(whereSeparator: { $0 == "," || $0.isNewline })
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        guard !urls.isEmpty else {
            sessions.tell(session, "No channel to send to.", isError: true)
            return "/console/admin-messages"
        }
        let message = adminMessage(form, customTypeField: "message_custom_type")
        var failures: [String] = []
        for url in urls {
            let reply = try await call(.post, "/v3/group_channels/\(Self.encoded(url))/messages", body: message, session, context)
            if let failure = reply.failure { failures.append("\(url): \(failure)") }
        }
        let sent = urls.count - failures.count
        sessions.tell(
            session,
            failures.isEmpty ? "Sent to \(sent) channel\(sent == 1 ? "" : "s")."
                : "Sent to \(sent) of \(urls.count) channels. Not sent: \(failures.prefix(5).joined(separator: "; "))",
            isError: !failures.isEmpty
        )
        return "/console/admin-messages"
    }
}
