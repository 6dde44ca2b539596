import Foundation
import HTTPTypes
import Hummingbird

/// The moderation, webhooks and emulator pages.
extension ConsoleRoutes {
    // MARK: Moderation and webhooks

    func registerModeration(on group: RouterGroup<RoostContext>) {
        page(group, "moderation", moderationPage)
        page(group, "webhooks", webhooksPage)
        action(group, "webhooks", saveWebhooks)
    }

    // MARK: Emulator

    func registerEmulator(on group: RouterGroup<RoostContext>) {
        page(group, "emulator", emulatorPage)
        action(group, "emulator/clock", changeClock)
        action(group, "emulator/snapshots", saveSnapshot)
        action(group, "emulator/snapshots/:name/restore", restoreSnapshot)
        action(group, "emulator/snapshots/:name/delete", deleteSnapshot)
        action(group, "emulator/reset", reset)
    }

    @Sendable func moderationPage(_ request: Request, context: RoostContext, session: Session) async throws -> Response {
        let reply = try await call(.get, "/v3/report?limit=50", session, context)
        if let failure = reply.failure { return problem(failure, session) }
        let reports = reply.json["report_logs"]?.arrayValue.map(ConsolePages.ReportRow.init) ?? []
        return show("moderation", ConsolePages.Moderation(reports: reports), session)
    }

    @Sendable func webhooksPage(_ request: Request, context: RoostContext, session: Session) async throws -> Response {
        let settings = try await call(.get, "/v3/applications/settings/webhook", session, context)
        if let failure = settings.failure { return problem(failure, session) }
        let deliveries = try await call(.get, "/roost/deliveries?feed=webhooks&limit=50", session, context)
        return show("webhooks", ConsolePages.Webhooks(settings: settings.json["webhook"], deliveries: deliveries.json["deliveries"]), session)
    }

    @Sendable func saveWebhooks(_ form: ConsoleForm, context: RoostContext, session: Session) async throws -> String {
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

    @Sendable func emulatorPage(_ request: Request, context: RoostContext, session: Session) async throws -> Response {
        let clockState = try await call(.get, "/roost/clock", session, context)
        if let failure = clockState.failure { return problem(failure, session) }
        let snapshots = try await call(.get, "/roost/snapshots", session, context)
        return show("emulator", ConsolePages.Emulator(
            clock: ConsolePages.ClockState(clockState.json), snapshots: ConsolePages.SnapshotRow.rows(of: snapshots.json["snapshots"])
        ), session)
    }

    @Sendable func changeClock(_ form: ConsoleForm, context: RoostContext, session: Session) async throws -> String {
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

    @Sendable func saveSnapshot(_ form: ConsoleForm, context: RoostContext, session: Session) async throws -> String {
        let reply = try await call(.post, "/roost/snapshots", body: .object(["name": .string(form["name"] ?? "")]), session, context)
        tell(session, reply, done: "Snapshot \(form["name"] ?? "") saved.")
        return "/console/emulator"
    }

    @Sendable func restoreSnapshot(_ form: ConsoleForm, context: RoostContext, session: Session) async throws -> String {
        let name = try context.pathParameter("name")
        let reply = try await call(.post, "/roost/snapshots/\(Self.encoded(name))/restore", session, context)
        tell(session, reply, done: "Snapshot \(name) restored.")
        return "/console/emulator"
    }

    @Sendable func deleteSnapshot(_ form: ConsoleForm, context: RoostContext, session: Session) async throws -> String {
        let name = try context.pathParameter("name")
        let reply = try await call(.delete, "/roost/snapshots/\(Self.encoded(name))", session, context)
        tell(session, reply, done: "Snapshot \(name) deleted.")
        return "/console/emulator"
    }

    @Sendable func reset(_ form: ConsoleForm, context: RoostContext, session: Session) async throws -> String {
        let reply = try await call(.post, "/roost/reset", body: .object(["keep_users": .bool(form["keep_users"] == "true")]), session, context)
        tell(session, reply, done: "The application is empty again.")
        return "/console/emulator"
    }
}
