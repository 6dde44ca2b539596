import Foundation
import HTTPTypes
import Hummingbird

/// The admin console under `/console`: server-rendered pages over Roost's own API. Reads and
/// actions are API calls made with the signed-in admin's token (`ConsoleAPI`); each form
/// carries the session's CSRF token and ends in a redirect, its outcome shown once on the
/// next page.
struct ConsoleRoutes: Sendable {
    let api: ConsoleAPI
    let sessions: ConsoleSessions
    let views: ConsoleViews
    let policy: any APIAccessPolicy
    let database: AppDatabase
    let clock: WallClock
    private let repository = ConsoleRepository()

    typealias Session = ConsoleSessions.Session
    typealias Page = @Sendable (Request, RoostContext, Session) async throws -> Response
    /// An action answers where to go next.
    typealias Action = @Sendable (ConsoleForm, RoostContext, Session) async throws -> String

    init(api: ConsoleAPI, sessions: ConsoleSessions, policy: any APIAccessPolicy, database: AppDatabase, clock: WallClock) {
        self.api = api
        self.sessions = sessions
        self.views = ConsoleViews()
        self.policy = policy
        self.database = database
        self.clock = clock
    }

    func register(on group: RouterGroup<RoostContext>) {
        group.get("console.css") { _, _ in ConsoleViews.asset(ConsoleTemplates.style, type: "text/css; charset=utf-8") }
        group.get("console.js") { _, _ in ConsoleViews.asset(ConsoleTemplates.script, type: "text/javascript; charset=utf-8") }
        registerSignIn(on: group)
        registerOverview(on: group)
        registerUsers(on: group)
        registerChannels(on: group)
        registerMessages(on: group)
        registerModeration(on: group)
        registerEmulator(on: group)
    }

    // MARK: Signing in and out

    private func registerSignIn(on group: RouterGroup<RoostContext>) {
        group.get("sign-in") { request, _ in
            if sessions.session(for: request) != nil { return ConsoleViews.redirect(to: "/console") }
            return signInPage(error: nil)
        }
        group.post("sign-in") { request, context in
            let form = try await ConsoleForm(request)
            guard let expected = ConsoleSessions.cookie(ConsoleSessions.signInCookieName, in: request),
                  ConsoleSessions.same(form["csrf"], expected)
            else { return signInPage(error: "The sign-in form was out of date; try again.", status: .forbidden) }
            guard policy.allows(context.remoteAddress) else { return signInPage(error: APIError.addressNotAllowed.message, status: .forbidden) }
            // What the token may do is the API's to decide, call by call (the emulator is master-only).
            guard let token = form.text("token"), policy.kind(of: token) != nil else {
                return signInPage(error: "That is not an API token of this application.", status: .unauthorized)
            }
            let session = sessions.start(token: token)
            return ConsoleViews.redirect(to: "/console", cookies: [
                ConsoleSessions.setCookie(ConsoleSessions.cookieName, session.id),
                ConsoleSessions.setCookie(ConsoleSessions.signInCookieName, "", maxAge: 0),
            ])
        }
        action(group, "sign-out") { _, _, session in
            sessions.end(session)
            return "/console/sign-in"
        }
    }

    /// The sign-in form, with a fresh CSRF token in its own cookie (there is no session yet).
    private func signInPage(error: String?, status: HTTPResponse.Status = .ok) -> Response {
        let csrf = RandomToken.hex(bytes: 32)
        var values: [String: Any] = ["csrf": csrf]
        if let error { values["error"] = error }
        return ConsoleViews.html(
            views.render("sign-in", values), status: status, cookies: [ConsoleSessions.setCookie(ConsoleSessions.signInCookieName, csrf)]
        )
    }

    // MARK: Overview

    private func registerOverview(on group: RouterGroup<RoostContext>) {
        page(group, "") { _, context, session in
            let totals = try await database.read { db in try repository.totals(in: db) }
            let days = Self.lastDays(14, endingAt: clock.now)
            let (first, last) = (days[0], days[days.count - 1])
            let metric = try await call(
                .get,
                "/v3/statistics/metric?metric_type=messages&time_dimension=daily&start_year=\(first.year)&start_month=\(first.month)"
                    + "&start_day=\(first.day)&end_year=\(last.year)&end_month=\(last.month)&end_day=\(last.day)",
                session, context
            )
            var messagesPerDay: [String: Double] = [:]
            for value in metric.json["values"]?.arrayValue ?? [] {
                if let date = value["date"]?.stringValue { messagesPerDay[date] = Double(value["value"]?.intValue ?? 0) }
            }
            var active: [(label: String, value: Double)] = []
            for day in days {
                let dau = try await call(.get, "/v3/applications/dau?date=\(day.text)", session, context)
                active.append((day.text, Double(dau.json["dau"]?.intValue ?? 0)))
            }
            return show("overview", [
                "users": totals.users, "group_channels": totals.groupChannels, "open_channels": totals.openChannels, "messages": totals.messages,
                "messages_chart": ConsoleCharts.bars(days.map { (label: $0.text, value: messagesPerDay[$0.text] ?? 0) }, id: "messages-chart"),
                "dau_chart": ConsoleCharts.bars(active, id: "dau-chart"),
            ], session)
        }
    }

    struct Day {
        let year: Int
        let month: Int
        let day: Int
        var text: String { String(format: "%04d-%02d-%02d", year, month, day) }
    }

    /// The last `count` UTC days up to the one holding `now` (ms), oldest first.
    static func lastDays(_ count: Int, endingAt now: Int64) -> [Day] {
        let today = now / 86_400_000
        return (0..<Int64(count)).reversed().map { back in
            let date = StatisticsRange.civil(today - back)
            return Day(year: date.year, month: date.month, day: date.day)
        }
    }

    // MARK: Users

    private func registerUsers(on group: RouterGroup<RoostContext>) {
        page(group, "users") { request, context, session in
            let query = request.query
            let search = query.string("q")?.trimmingCharacters(in: .whitespaces) ?? ""
            let byID = query.string("by_id") == "1"
            var path = "/v3/users?limit=20"
            if !search.isEmpty { path += byID ? "&user_ids=\(Self.encoded(search))" : "&nickname_startswith=\(Self.encoded(search))" }
            if let token = query.string("token") { path += "&token=\(Self.encoded(token))" }
            let reply = try await call(.get, path, session, context)
            if let failure = reply.failure { return problem(failure, session) }
            var values: [String: Any] = [
                "q": search, "by_id": byID, "users": Self.withPaths(reply.json["users"], key: "user_id"),
            ]
            if let next = reply.json["next"]?.stringValue, !next.isEmpty {
                values["next_link"] = "/console/users?q=\(Self.encoded(search))&by_id=\(byID ? "1" : "0")&token=\(Self.encoded(next))"
            }
            return show("users", values, session)
        }
        page(group, "users/:user_id") { _, context, session in
            let userID = try context.pathParameter("user_id")
            let user = try await call(.get, "/v3/users/\(Self.encoded(userID))", session, context)
            if let failure = user.failure { return problem(failure, session, status: .notFound) }
            let channels = try await call(.get, "/v3/users/\(Self.encoded(userID))/my_group_channels?limit=20&show_empty=true", session, context)
            var values = user.json.templateValue as? [String: Any] ?? [:]
            values["path"] = Self.encoded(userID)
            values["metadata_items"] = Self.items(user.json["metadata"])
            values["channels"] = Self.withPaths(channels.json["channels"], key: "channel_url")
            return show("user", values, session)
        }
        action(group, "users/:user_id/active") { form, context, session in
            let userID = try context.pathParameter("user_id")
            let active = form["active"] == "true"
            let reply = try await call(.put, "/v3/users/\(Self.encoded(userID))", body: .object(["is_active": .bool(active)]), session, context)
            tell(session, reply, done: active ? "\(userID) is active again." : "\(userID) is deactivated.")
            return "/console/users/\(Self.encoded(userID))"
        }
        action(group, "users/:user_id/session-token") { _, context, session in
            let userID = try context.pathParameter("user_id")
            let reply = try await call(.post, "/v3/users/\(Self.encoded(userID))/token", body: .object([:]), session, context)
            tell(session, reply, done: "Session token for \(userID): \(reply.json["token"]?.stringValue ?? "")")
            return "/console/users/\(Self.encoded(userID))"
        }
    }

    // MARK: Channels

    private func registerChannels(on group: RouterGroup<RoostContext>) {
        page(group, "channels") { request, context, session in
            let query = request.query
            let type = query.string("type") == "open" ? "open" : "group"
            let nameContains = query.string("name_contains") ?? ""
            let customType = query.string("custom_type") ?? ""
            var filter = ""
            if !nameContains.isEmpty { filter += "&name_contains=\(Self.encoded(nameContains))" }
            if !customType.isEmpty { filter += "&custom_types=\(Self.encoded(customType))" }
            var path = "/v3/\(type)_channels?limit=20\(type == "group" ? "&show_empty=true" : "")\(filter)"
            if let token = query.string("token") { path += "&token=\(Self.encoded(token))" }
            let reply = try await call(.get, path, session, context)
            if let failure = reply.failure { return problem(failure, session) }
            var values: [String: Any] = [
                "is_group": type == "group", "name_contains": nameContains, "custom_type": customType,
                "channels": Self.withPaths(reply.json["channels"], key: "channel_url", adding: ["type": type]),
            ]
            if let next = reply.json["next"]?.stringValue, !next.isEmpty {
                values["next_link"] = "/console/channels?type=\(type)\(filter)&token=\(Self.encoded(next))"
            }
            return show("channels", values, session)
        }
        page(group, "channels/:type/:channel_url") { _, context, session in
            let channel = try ChannelAddress(context)
            let view = try await call(.get, channel.api + (channel.type == "group" ? "?show_member=true" : ""), session, context)
            if let failure = view.failure { return problem(failure, session, status: .notFound) }
            let operators = try await call(.get, channel.api + "/operators?limit=100", session, context)
            let metadata = try await call(.get, channel.api + "/metadata", session, context)
            let banned = try await call(.get, channel.api + "/ban?limit=100", session, context)
            let muted = try await call(.get, channel.api + "/mute?limit=100", session, context)
            var values = view.json.templateValue as? [String: Any] ?? [:]
            values["type"] = channel.type
            values["path"] = Self.encoded(channel.url)
            values["members"] = Self.withPaths(view.json["members"], key: "user_id")
            values["operators"] = operators.json["operators"]?.templateValue ?? []
            values["metadata_items"] = Self.items(metadata.json)
            values["banned"] = Self.restrictions(banned.json["banned_list"])
            values["muted"] = Self.restrictions(muted.json["muted_list"])
            return show("channel", values, session)
        }
        action(group, "channels/:type/:channel_url/freeze") { form, context, session in
            let channel = try ChannelAddress(context)
            let freeze = form["freeze"] == "true"
            let reply = try await call(.put, channel.api + "/freeze", body: .object(["freeze": .bool(freeze)]), session, context)
            tell(session, reply, done: freeze ? "The channel is frozen." : "The channel is no longer frozen.")
            return channel.page
        }
        action(group, "channels/:type/:channel_url/moderate") { form, context, session in
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

    // MARK: Messages and admin messages

    private func registerMessages(on group: RouterGroup<RoostContext>) {
        page(group, "channels/:type/:channel_url/messages") { _, context, session in
            let channel = try ChannelAddress(context)
            let view = try await call(.get, channel.api, session, context)
            if let failure = view.failure { return problem(failure, session, status: .notFound) }
            let since = try await database.read { db in try repository.lastEventSeq(in: db) }
            let listed = try await call(.get, channel.api + "/messages?message_ts=\(clock.now)&prev_limit=50&next_limit=0", session, context)
            if let failure = listed.failure { return problem(failure, session) }
            let messages: [[String: Any]] = listed.json["messages"]?.arrayValue.map { message in
                var values = message.templateValue as? [String: Any] ?? [:]
                values["sender"] = message["user"]?["user_id"]?.stringValue ?? "admin"
                values["is_admin"] = message["type"]?.stringValue == "ADMM"
                if message["type"]?.stringValue == "FILE" { values["message"] = message["file"]?["name"]?.stringValue ?? "(file)" }
                return values
            } ?? []
            return show("messages", [
                "type": channel.type, "path": Self.encoded(channel.url), "name": view.json["name"]?.stringValue ?? channel.url,
                "messages": messages, "since": since,
            ], session)
        }
        action(group, "channels/:type/:channel_url/messages") { form, context, session in
            let channel = try ChannelAddress(context)
            let reply = try await call(.post, channel.api + "/messages", body: adminMessage(form, customTypeField: "custom_type"), session, context)
            tell(session, reply, done: "Admin message sent.")
            return channel.page + "/messages"
        }
        action(group, "channels/:type/:channel_url/messages/:message_id/delete") { form, context, session in
            let channel = try ChannelAddress(context)
            let messageID = try context.int64PathParameter("message_id")
            let reply = try await call(.delete, channel.api + "/messages/\(messageID)", session, context)
            tell(session, reply, done: "Message \(messageID) deleted.")
            return form["back"].flatMap { $0.hasPrefix("/console/") && !$0.hasPrefix("/console//") ? $0 : nil } ?? channel.page + "/messages"
        }
        // The channel's events as they commit, for the messages page: the API's own live stream.
        group.get("channels/:type/:channel_url/live") { request, context in
            guard let session = sessions.session(for: request) else { return Response(status: .unauthorized) }
            let channel = try ChannelAddress(context)
            let since = try request.query.int64("since") ?? 0
            return try await api.respond(
                .get, "/roost/events?channel_url=\(Self.encoded(channel.url))&since=\(since)", token: session.token, context: context,
                accept: "text/event-stream"
            )
        }
        page(group, "admin-messages") { _, _, session in show("admin-messages", [:], session) }
        action(group, "admin-messages") { form, context, session in
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

    private func adminMessage(_ form: ConsoleForm, customTypeField: String) -> AnyJSON {
        var message: [String: AnyJSON] = ["message_type": .string("ADMM"), "message": .string(form["message"] ?? "")]
        if let customType = form.text(customTypeField) { message["custom_type"] = .string(customType) }
        if let data = form.text("data") { message["data"] = .string(data) }
        return .object(message)
    }

    /// Every group channel the filter matches, page by page (at most 10,000).
    private func matchingChannels(customType: String?, nameContains: String?, _ session: Session, _ context: RoostContext) async throws -> [String] {
        var filter = ""
        if let customType { filter += "&custom_types=\(Self.encoded(customType))" }
        if let nameContains { filter += "&name_contains=\(Self.encoded(nameContains))" }
        var urls: [String] = []
        var token = ""
        repeat {
            let reply = try await call(.get, "/v3/group_channels?limit=100&show_empty=true\(filter)&token=\(Self.encoded(token))", session, context)
            if reply.failure != nil { break }
            urls += reply.json["channels"]?.arrayValue.compactMap { $0["channel_url"]?.stringValue } ?? []
            token = reply.json["next"]?.stringValue ?? ""
        } while !token.isEmpty && urls.count < 10_000
        return urls
    }

    // MARK: Moderation and webhooks

    private func registerModeration(on group: RouterGroup<RoostContext>) {
        page(group, "moderation") { _, context, session in
            let reply = try await call(.get, "/v3/report?limit=50", session, context)
            if let failure = reply.failure { return problem(failure, session) }
            let reports: [[String: Any]] = reply.json["report_logs"]?.arrayValue.map { report in
                var values = report.templateValue as? [String: Any] ?? [:]
                if let url = report["channel"]?["channel_url"]?.stringValue {
                    values["channel_path"] = Self.encoded(url)
                    let type = report["channel"]?["channel_type"]?.stringValue == "open_channels" ? "open" : "group"
                    if let id = report["reported_message"]?["message_id"]?.intValue {
                        values["delete_action"] = "/console/channels/\(type)/\(Self.encoded(url))/messages/\(id)/delete"
                    }
                }
                return values
            } ?? []
            return show("moderation", ["reports": reports], session)
        }
        page(group, "webhooks") { _, context, session in
            let settings = try await call(.get, "/v3/applications/settings/webhook", session, context)
            if let failure = settings.failure { return problem(failure, session) }
            let deliveries = try await call(.get, "/roost/deliveries?feed=webhook&limit=50", session, context)
            var values = settings.json["webhook"]?.templateValue as? [String: Any] ?? [:]
            values["categories"] = (settings.json["webhook"]?["enabled_events"]?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: ", ")
            values["deliveries"] = (deliveries.json["deliveries"]?.arrayValue ?? []).reversed().map { delivery in
                var values = delivery.templateValue as? [String: Any] ?? [:]
                let status = delivery["status_code"]?.intValue ?? 0
                values["failed"] = !(200..<300).contains(status)
                return values
            }
            return show("webhooks", values, session)
        }
        action(group, "webhooks") { form, context, session in
            let categories = (form["categories"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let settings: AnyJSON = .object([
                "enabled": .bool(form["enabled"] == "true"), "url": .string(form.text("url") ?? ""),
                "include_members": .bool(form["include_members"] == "true"),
                "include_unread_count": .bool(form["include_unread_count"] == "true"),
                "enabled_events": .array(categories.map(AnyJSON.string)),
            ])
            let reply = try await call(.put, "/v3/applications/settings/webhook", body: settings, session, context)
            tell(session, reply, done: "Webhook settings saved.")
            return "/console/webhooks"
        }
    }

    // MARK: Emulator

    private func registerEmulator(on group: RouterGroup<RoostContext>) {
        page(group, "emulator") { _, context, session in
            let clockState = try await call(.get, "/roost/clock", session, context)
            if let failure = clockState.failure { return problem(failure, session) }
            let snapshots = try await call(.get, "/roost/snapshots", session, context)
            var clockValues = clockState.json.templateValue as? [String: Any] ?? [:]
            let now = clockState.json["now"]?.intValue ?? 0
            clockValues["iso"] = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(now) / 1000))
            return show("emulator", ["clock": clockValues, "snapshots": snapshots.json["snapshots"]?.templateValue ?? []], session)
        }
        action(group, "emulator/clock") { form, context, session in
            var change: [String: AnyJSON] = [:]
            if form["change"] == "freeze" {
                change["frozen"] = .bool(form["frozen"] == "true")
            } else {
                guard let advance = Int64(form.text("advance_ms") ?? "") else {
                    sessions.tell(session, "Say how many milliseconds to move the clock on, as a whole number.", isError: true)
                    return "/console/emulator"
                }
                change["advance_ms"] = .integer(advance)
            }
            let reply = try await call(.put, "/roost/clock", body: .object(change), session, context)
            tell(session, reply, done: "The clock now reads \(reply.json["now"]?.intValue ?? 0).")
            return "/console/emulator"
        }
        action(group, "emulator/snapshots") { form, context, session in
            let reply = try await call(.post, "/roost/snapshots", body: .object(["name": .string(form["name"] ?? "")]), session, context)
            tell(session, reply, done: "Snapshot \(form["name"] ?? "") saved.")
            return "/console/emulator"
        }
        action(group, "emulator/snapshots/:name/restore") { _, context, session in
            let name = try context.pathParameter("name")
            let reply = try await call(.post, "/roost/snapshots/\(Self.encoded(name))/restore", session, context)
            tell(session, reply, done: "Snapshot \(name) restored.")
            return "/console/emulator"
        }
        action(group, "emulator/snapshots/:name/delete") { _, context, session in
            let name = try context.pathParameter("name")
            let reply = try await call(.delete, "/roost/snapshots/\(Self.encoded(name))", session, context)
            tell(session, reply, done: "Snapshot \(name) deleted.")
            return "/console/emulator"
        }
        action(group, "emulator/reset") { form, context, session in
            let reply = try await call(.post, "/roost/reset", body: .object(["keep_users": .bool(form["keep_users"] == "true")]), session, context)
            tell(session, reply, done: "The application is empty again.")
            return "/console/emulator"
        }
    }

    // MARK: Helpers

    /// A page for signed-in admins; others are sent to sign in.
    private func page(_ group: RouterGroup<RoostContext>, _ path: String, _ build: @escaping Page) {
        group.get(RouterPath(path)) { request, context in
            guard let session = sessions.session(for: request) else { return ConsoleViews.redirect(to: "/console/sign-in") }
            return try await build(request, context, session)
        }
    }

    /// A form's target: signed-in admins only, and only with the session's CSRF token;
    /// anything else changes nothing.
    private func action(_ group: RouterGroup<RoostContext>, _ path: String, _ run: @escaping Action) {
        group.post(RouterPath(path)) { request, context in
            guard let session = sessions.session(for: request) else { return ConsoleViews.redirect(to: "/console/sign-in") }
            let form = try await ConsoleForm(request)
            guard ConsoleSessions.same(form["csrf"], session.csrf) else {
                return views.page("error", [
                    "heading": "Form refused",
                    "message": "This form did not come from your console session (its CSRF token is missing or wrong), so nothing was changed. Reload the page and try again.",
                ], csrf: session.csrf, notice: nil, status: .forbidden)
            }
            return ConsoleViews.redirect(to: try await run(form, context, session))
        }
    }

    private func call(
        _ method: HTTPRequest.Method, _ path: String, body: AnyJSON? = nil, _ session: Session, _ context: RoostContext
    ) async throws -> ConsoleAPI.Reply {
        try await api.call(method, path, body: body, token: session.token, context: context)
    }

    private func show(_ name: String, _ values: [String: Any], _ session: Session, status: HTTPResponse.Status = .ok) -> Response {
        views.page(name, values, csrf: session.csrf, notice: sessions.takeNotice(of: session), status: status)
    }

    private func problem(_ message: String, _ session: Session, status: HTTPResponse.Status = .badRequest) -> Response {
        show("error", ["heading": "Something is wrong", "message": message], session, status: status)
    }

    /// The API's answer to an action, in plain words on the next page.
    private func tell(_ session: Session, _ reply: ConsoleAPI.Reply, done: String) {
        if let failure = reply.failure {
            sessions.tell(session, failure, isError: true)
        } else {
            sessions.tell(session, done)
        }
    }

    /// A channel named in a console path: its kind (`group` or `open`) and URL.
    struct ChannelAddress {
        let type: String
        let url: String

        init(_ context: RoostContext) throws {
            let type = try context.pathParameter("type")
            guard type == "group" || type == "open" else { throw APIError.routeNotFound }
            self.type = type
            self.url = try context.pathParameter("channel_url")
        }

        var api: String { "/v3/\(type)_channels/\(ConsoleRoutes.encoded(url))" }
        var page: String { "/console/channels/\(type)/\(ConsoleRoutes.encoded(url))" }
    }

    /// Text made safe as one path segment or query value.
    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? ""
    }

    /// A list's items for a template, each with `path`, its `key` encoded for links.
    private static func withPaths(_ list: AnyJSON?, key: String, adding extra: [String: Any] = [:]) -> [[String: Any]] {
        (list?.arrayValue ?? []).map { item in
            var values = item.templateValue as? [String: Any] ?? [:]
            values["path"] = encoded(item[key]?.stringValue ?? "")
            values.merge(extra) { current, _ in current }
            return values
        }
    }

    /// An object's members as key and value pairs, by key.
    private static func items(_ object: AnyJSON?) -> [[String: Any]] {
        guard case .object(let members)? = object else { return [] }
        return members.keys.sorted().map { key in
            ["key": key, "value": members[key]?.stringValue ?? members[key]?.intValue.map { String($0) } ?? ""]
        }
    }

    /// Bans or mutes as rows: who, why, until when.
    private static func restrictions(_ list: AnyJSON?) -> [[String: Any]] {
        (list?.arrayValue ?? []).map { item in
            let userID: String = item["user"]?["user_id"]?.stringValue ?? item["user_id"]?.stringValue ?? ""
            let endAt: String = item["end_at"]?.intValue.map { $0 < 0 ? "no end" : String($0) } ?? ""
            return ["user_id": userID, "description": item["description"]?.stringValue ?? "", "end_at": endAt]
        }
    }
}
