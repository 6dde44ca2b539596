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
        let listed = try await call(.get, "/v3/report?limit=50", as: ConsoleAnswers.Reports.self, session, context).answered()
        return show("moderation", ConsolePages.Moderation(reports: listed.reportLogs.map(ConsolePages.ReportRow.init)), session)
    }

    @Sendable func webhooksPage(_ request: Request, context: RoostContext, session: Session) async throws -> Response {
        let settings = try await call(.get, "/v3/applications/settings/webhook", as: ConsoleAnswers.WebhookSettings.self, session, context)
            .answered()
        let deliveries = try await call(.get, "/roost/deliveries?feed=webhooks&limit=50", as: ConsoleAnswers.Deliveries.self, session, context)
        return show("webhooks", ConsolePages.Webhooks(settings: settings.webhook, deliveries: deliveries.answer?.deliveries ?? []), session)
    }

    @Sendable func saveWebhooks(_ form: ConsoleForm, context: RoostContext, session: Session) async throws -> String {
        let categories = (form["categories"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let settings = ConsoleRequests.WebhookSettings(
            enabled: form["enabled"] == "true", url: form.text("url") ?? "", includeMembers: form["include_members"] == "true",
            includeUnreadCount: form["include_unread_count"] == "true", enabledEvents: categories
        )
        let reply = try await call(.put, "/v3/applications/settings/webhook", body: settings, session, context)
        tell(session, reply, done: "Webhook settings saved.")
        return "/console/webhooks"
    }

    @Sendable func emulatorPage(_ request: Request, context: RoostContext, session: Session) async throws -> Response {
        let clockState = try await call(.get, "/roost/clock", as: ConsoleAnswers.Clock.self, session, context).answered()
        let snapshots = try await call(.get, "/roost/snapshots", as: ConsoleAnswers.Snapshots.self, session, context)
        return show("emulator", ConsolePages.Emulator(
            clock: ConsolePages.ClockState(clockState), snapshots: (snapshots.answer?.snapshots ?? []).map(ConsolePages.SnapshotRow.init)
        ), session)
    }

    @Sendable func changeClock(_ form: ConsoleForm, context: RoostContext, session: Session) async throws -> String {
        let change: ConsoleRequests.ClockChange
        if form["change"] == "freeze" {
            change = ConsoleRequests.ClockChange(frozen: form["frozen"] == "true", advanceMS: nil)
        } else {
            guard let advance = Int64(form.text("advance_ms") ?? "") else {
                sessions.tell(session, "Say how many milliseconds to move the clock on, as a whole number.", isError: true)
                return "/console/emulator"
            }
            change = ConsoleRequests.ClockChange(frozen: nil, advanceMS: advance)
        }
        let reply = try await call(.put, "/roost/clock", body: change, as: ConsoleAnswers.Clock.self, session, context)
        tell(session, reply, done: "The clock now reads \(reply.answer?.now ?? 0).")
        return "/console/emulator"
    }

    @Sendable func saveSnapshot(_ form: ConsoleForm, context: RoostContext, session: Session) async throws -> String {
        let reply = try await call(.post, "/roost/snapshots", body: ConsoleRequests.Snapshot(name: form["name"] ?? ""), session, context)
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
        let reply = try await call(.post, "/roost/reset", body: ConsoleRequests.Reset(keepUsers: form["keep_users"] == "true"), session, context)
        tell(session, reply, done: "The application is empty again.")
        return "/console/emulator"
    }
}
