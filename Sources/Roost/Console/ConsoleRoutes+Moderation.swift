import Foundation
import HTTPTypes
import Hummingbird

/// The moderation, webhooks and emulator pages.
extension ConsoleRoutes {
    // MARK: Moderation and webhooks

    func registerModeration(on group: RouterGroup<RoostContext>) {
        page(group, "moderation") { _, context, session in
            let reply = try await call(.get, "/v3/report?limit=50", session, context)
            if let failure = reply.failure { return problem(failure, session) }
            let reports = reply.json["report_logs"]?.arrayValue.map(ConsolePages.ReportRow.init) ?? []
            return show("moderation", ConsolePages.Moderation(reports: reports), session)
        }
        page(group, "webhooks") { _, context, session in
            let settings = try await call(.get, "/v3/applications/settings/webhook", session, context)
            if let failure = settings.failure { return problem(failure, session) }
            let deliveries = try await call(.get, "/roost/deliveries?feed=webhook&limit=50", session, context)
            return show("webhooks", ConsolePages.Webhooks(settings: settings.json["webhook"], deliveries: deliveries.json["deliveries"]), session)
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

    func registerEmulator(on group: RouterGroup<RoostContext>) {
        page(group, "emulator") { _, context, session in
            let clockState = try await call(.get, "/roost/clock", session, context)
            if let failure = clockState.failure { return problem(failure, session) }
            let snapshots = try await call(.get, "/roost/snapshots", session, context)
            return show("emulator", ConsolePages.Emulator(
                clock: ConsolePages.ClockState(clockState.json), snapshots: ConsolePages.SnapshotRow.rows(of: snapshots.json["snapshots"])
            ), session)
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
}
