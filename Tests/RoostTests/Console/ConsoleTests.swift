import Foundation
import HTTPTypes
import Testing

@testable import Roost

/// The console over HTTP: signing in, CSRF, and what an action does through the API. The
/// browser test (Tests/system/test_console.py) drives the same pages in Chromium.
@Suite struct ConsoleTests {
    /// A signed-in console: its session cookie and CSRF token.
    struct Console {
        let api: API
        let cookie: String
        let csrf: String

        func get(_ path: String) async throws -> API.Reply {
            try await api.call(.get, path, token: nil, headers: [.cookie: cookie])
        }

        func post(_ path: String, _ form: String, csrf given: String? = nil) async throws -> API.Reply {
            let body = "csrf=\(given ?? csrf)&\(form)"
            return try await api.call(
                .post, path, body: body, token: nil, headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"]
            )
        }
    }

    static func signIn(_ api: API, token: String = API.token) async throws -> Console {
        let form = try await api.call(.get, "/console/sign-in", token: nil)
        let preCookie = try #require(form.headers[.setCookie]?.split(separator: ";").first.map(String.init))
        let csrf = try #require(Self.csrf(in: form.text))
        let signedIn = try await api.call(
            .post, "/console/sign-in", body: "csrf=\(csrf)&token=\(token)", token: nil,
            headers: [.cookie: preCookie, .contentType: "application/x-www-form-urlencoded"]
        )
        #expect(signedIn.status == .seeOther && signedIn.headers[.location] == "/console")
        let setCookie = try #require(signedIn.headers[values: .setCookie].first { $0.hasPrefix("roost_console=") })
        #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict"))
        let cookie = String(setCookie.split(separator: ";")[0])
        let page = try await api.call(.get, "/console/users", token: nil, headers: [.cookie: cookie])
        return Console(api: api, cookie: cookie, csrf: try #require(Self.csrf(in: page.text)))
    }

    static func csrf(in html: String) -> String? {
        guard let range = html.range(of: #"name="csrf" value="([0-9a-f]+)""#, options: .regularExpression) else { return nil }
        return String(html[range].dropFirst(#"name="csrf" value=""#.count).dropLast())
    }

    /// The templates are parsed when the first page is, not at start-up: a broken one would
    /// otherwise show only as empty pages.
    @Test func everyTemplateParsesAndRenders() {
        for name in ConsoleTemplates.all.keys.sorted() {
            #expect(!ConsoleViews().render(name, [:]).isEmpty, "\(name)")
        }
    }

    @Test func pagesNeedASignedInAdminAndAWrongTokenIsRefused() async throws {
        try await withServer { api in
            let page = try await api.call(.get, "/console/users", token: nil)
            #expect(page.status == .seeOther && page.headers[.location] == "/console/sign-in")

            let form = try await api.call(.get, "/console/sign-in", token: nil)
            let preCookie = try #require(form.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            let csrf = try #require(Self.csrf(in: form.text))
            let wrong = try await api.call(
                .post, "/console/sign-in", body: "csrf=\(csrf)&token=nope", token: nil,
                headers: [.cookie: preCookie, .contentType: "application/x-www-form-urlencoded"]
            )
            #expect(wrong.status == .unauthorized && wrong.text.contains("not an API token"))
            let forged = try await api.call(
                .post, "/console/sign-in", body: "token=\(API.token)", token: nil, headers: [.contentType: "application/x-www-form-urlencoded"]
            )
            #expect(forged.status == .forbidden && forged.headers[.setCookie]?.hasPrefix("roost_console=") != true)
            // A form past the console's 64 KB is the sender's mistake: a 400, not a 500.
            let oversized = try await api.call(
                .post, "/console/sign-in", body: "csrf=\(csrf)&token=" + String(repeating: "a", count: 70_000), token: nil,
                headers: [.cookie: preCookie, .contentType: "application/x-www-form-urlencoded"]
            )
            expectError(oversized, status: .badRequest, code: 400110)
        }
    }

    @Test func aFormWithoutTheSessionsCSRFTokenChangesNothing() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            let console = try await Self.signIn(api)
            let forged = try await console.post("/console/users/alice/active", "active=false", csrf: "0000")
            #expect(forged.status == .forbidden && forged.text.contains("CSRF"))
            let withoutSession = try await api.call(
                .post, "/console/users/alice/active", body: "csrf=\(console.csrf)&active=false", token: nil,
                headers: [.contentType: "application/x-www-form-urlencoded"]
            )
            #expect(withoutSession.status == .seeOther && withoutSession.headers[.location] == "/console/sign-in")
            #expect(try await api.get("/v3/users/alice")["is_active"] == true)

            let done = try await console.post("/console/users/alice/active", "active=false")
            #expect(done.status == .seeOther && done.headers[.location] == "/console/users/alice")
            #expect(try await api.get("/v3/users/alice")["is_active"] == false)
            #expect(try await console.get("/console/users/alice").text.contains("alice is deactivated."))
        }
    }

    @Test func actionsGoThroughTheAPIWithItsErrorsInPlainWords() async throws {
        try await withServer { api in
            try await api.createUsers("alice")
            try await api.createChannel(#"{"channel_url": "room", "user_ids": ["alice"]}"#)
            #expect(try await api.post("/v3/group_channels/room/messages", #"{"message_type": "MESG", "user_id": "alice", "message": "<script>x()</script>"}"#).status == .ok)
            let console = try await Self.signIn(api)
            let page = try await console.get("/console/channels/group/room/messages")
            #expect(page.text.contains("&lt;script&gt;x()&lt;/script&gt;") && !page.text.contains("<script>x()"))
            #expect(page.headers[.contentSecurityPolicy]?.contains("default-src 'self'") == true)

            #expect(try await console.post("/console/channels/group/room/messages", "message=Hello+%26+welcome&custom_type=notice").status == .seeOther)
            let sent = try await api.get("/v3/group_channels/room/messages?message_ts=0&prev_limit=0&next_limit=10")["messages"].array.last
            #expect(sent?["type"] == "ADMM" && sent?["message"] == "Hello & welcome" && sent?["custom_type"] == "notice")
            let events = try await api.get("/roost/events?category=group_channel:message_send")["events"].array
            #expect(events.count == 2, "the same event a client's send records")

            _ = try await console.post("/console/channels/group/room/moderate", "user_id=nobody&action=ban&seconds=60")
            let after = try await console.get("/console/channels/group/room")
            #expect(after.text.contains(#"class="notice error""#) && after.text.contains("not found"))

            _ = try await console.post("/console/admin-messages", "target=filter&message=Everyone&custom_type=")
            #expect(try await console.get("/console/admin-messages").text.contains("Sent to 1 channel."))
            expectNoPage(try await console.get("/console/channels/other/room"))
        }
    }

    @Test func aSecondaryTokenSignsInButCannotUseTheEmulator() async throws {
        try await withServer { api in
            let secondary = try #require(try await api.post("/v3/applications/api_tokens", "{}")["token"].string)
            let console = try await Self.signIn(api, token: secondary)
            #expect(try await console.get("/console/users").status == .ok)
            let refused = try await console.get("/console/emulator")
            #expect(refused.status == .badRequest && refused.text.contains("Only the master API token"))
            _ = try await console.post("/console/emulator/reset", "keep_users=false")
            #expect(try await console.get("/console/users").text.contains("Only the master API token"))
        }
    }

    @Test func theEmulatorPageSavesAndRestoresSnapshotsAndMovesTheClock() async throws {
        try await withServer(engine: .sqlite) { api in
            let console = try await Self.signIn(api)
            _ = try await console.post("/console/emulator/snapshots", "name=empty")
            try await api.createUsers("alice")
            _ = try await console.post("/console/emulator/snapshots/empty/restore", "")
            expectError(try await api.get("/v3/users/alice"), code: 400201)
            let before = try #require(try await api.get("/roost/clock")["now"].int)
            _ = try await console.post("/console/emulator/clock", "change=advance&advance_ms=60000")
            #expect((try await api.get("/roost/clock")["now"].int ?? 0) >= before + 60_000)
            _ = try await console.post("/console/emulator/clock", "change=advance&advance_ms=soon")
            #expect(try await console.get("/console/emulator").text.contains("whole number"))
            _ = try await console.post("/console/emulator/snapshots", "name=..%2Fescape")
            #expect(try await console.get("/console/emulator").text.contains("Invalid value"))
        }
    }

    /// Each page shows what its view model holds, read from the API's answers.
    @Test func everyPageShowsTheApplicationsState() async throws {
        try await withServer(engine: .sqlite) { api in
            try await api.createUser("alice", nickname: "Alice", extra: #""metadata": {"team": "red"}"#)
            expectOK(try await api.put("/v3/users/alice", #"{"profile_url": "https://pics/alice"}"#))
            try await api.createUsers("bob")
            try await api.createChannel(
                #"{"channel_url": "room", "name": "The room", "custom_type": "club", "data": "d1", "user_ids": ["alice", "bob"], "operator_ids": ["alice"]}"#
            )
            expectOK(try await api.post("/v3/group_channels/room/metadata", #"{"metadata": {"topic": "tea"}}"#))
            #expect(try await api.post("/v3/group_channels/room/ban", #"{"user_id": "bob", "seconds": 600, "description": "spam"}"#).status == .ok)
            try await api.createUsers("carol")
            #expect(try await api.post("/v3/group_channels/room/invite", #"{"user_ids": ["carol"]}"#).status == .ok)
            #expect(try await api.post("/v3/group_channels/room/mute", #"{"user_id": "carol", "description": "loud"}"#).status == .ok)
            #expect(try await api.put(
                "/v3/applications/settings/webhook", #"{"enabled_events": ["group_channel:create", "group_channel:join"]}"#
            ).status == .ok)
            let sent = try await api.say("alice", "Hello there", in: "room")
            let messageID = try #require(sent["message_id"].int)
            expectOK(try await api.post(
                "/v3/report/group_channels/room/messages/\(messageID)",
                #"{"report_category": "spam", "offending_user_id": "alice", "reporting_user_id": "bob"}"#
            ))
            let console = try await Self.signIn(api)

            let overview = try await console.get("/console").text
            #expect(overview.contains(#"<svg id="messages-chart""#) && overview.contains(": 1</title></rect>"), "today's one message")
            let users = try await console.get("/console/users").text
            #expect(users.contains(#"<a href="/console/users/alice">alice</a></td><td>Alice</td><td>true</td><td>false</td>"#))
            let user = try await console.get("/console/users/alice").text
            #expect(user.contains("<h1>Alice <span class=\"muted\">alice</span></h1>") && user.contains("https://pics/alice"))
            #expect(user.contains("<th>team</th><td>red</td>") && user.contains(#"<a href="/console/channels/group/room">The room</a></td><td>room</td><td>2 members</td>"#), "bob is banned, so no longer a member")
            let channels = try await console.get("/console/channels?custom_type=club").text
            #expect(channels.contains(#"<a href="/console/channels/group/room">The room</a></td><td>room</td><td>club</td><td>2</td><td>false</td>"#))
            let channel = try await console.get("/console/channels/group/room").text
            #expect(channel.contains("<td>d1</td>") && channel.contains("<th>topic</th><td>tea</td>"))
            #expect(channel.contains(#"<a href="/console/users/alice">alice</a></td><td>Alice</td><td>operator</td>"#))
            #expect(channel.contains("<td>bob</td><td>spam</td><td>until ") && channel.contains("<td>carol</td><td>loud</td><td>no end</td>"))
            let messages = try await console.get("/console/channels/group/room/messages").text
            #expect(messages.contains(#"<b>alice</b> <span class="text">Hello there</span>"#))
            #expect(messages.contains(#"action="/console/channels/group/room/messages/\#(messageID)/delete""#), "the delete form posts to the channel's own path")
            let moderation = try await console.get("/console/moderation").text
            #expect(moderation.contains(#"<td>spam</td><td>bob</td>"#) && moderation.contains(#"<a href="/console/channels/group/room">room</a> alice"#))
            #expect(moderation.contains(#"action="/console/channels/group/room/messages/\#(messageID)/delete""#))
            let webhooks = try await console.get("/console/webhooks").text
            #expect(webhooks.contains("No deliveries yet.") && webhooks.contains(#"value="group_channel:create, group_channel:join""#))
            #expect(try await console.post("/console/users/alice/session-token", "").status == .seeOther)
            #expect(try await console.get("/console/users/alice").text.contains("Session token for alice: "))
            expectNoPage(try await console.get("/console/users/nobody"))
            _ = try await console.post("/console/emulator/snapshots", "name=first")
            let emulator = try await console.get("/console/emulator").text
            #expect(emulator.contains("<tr><td>first</td>") && emulator.contains(#"<b id="clock-now">"#))
        }
    }

    private func expectNoPage(_ reply: API.Reply, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(reply.status == .notFound, sourceLocation: sourceLocation)
    }
}
