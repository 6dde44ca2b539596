import Crypto
import Foundation
import Hummingbird
import HTTPTypes
import HummingbirdTesting
import Synchronization
import Testing

@testable import Roost

/// Webhooks as a receiver on loopback gets them: the settings choose the categories, each
/// event arrives once with Sendbird's signature, and Roost's own categories never arrive.
@Suite struct WebhookTests {
    /// What a receiver was sent: each body with its signature header.
    final class Received: Sendable {
        let posts = Mutex<[(body: String, signature: String?)]>([])

        /// Waits (on real time, at most 15 s) until `count` posts arrived.
        func wait(for count: Int) async throws -> [(body: String, signature: String?)] {
            try await awaited(within: .seconds(15)) { posts.withLock { $0 } } until: { $0.count >= count }
        }
    }

    /// Runs `test` with a receiver on a loopback port that keeps what it is posted at `/hook`.
    func withReceiver(_ test: @escaping @Sendable (Int, Received) async throws -> Void) async throws {
        let received = Received()
        let router = Router()
        router.post("hook") { request, _ -> HTTPResponse.Status in
            let body = String(buffer: try await request.body.collect(upTo: 1 << 20))
            received.posts.withLock { $0.append((body, request.headers[HTTPField.Name("x-sendbird-signature")!])) }
            return .ok
        }
        try await Application(router: router).test(.live) { receiver in
            try await test(try #require(receiver.port), received)
        }
    }

    @Test func subscribedEventsArriveSignedAndRoostsOwnNever() async throws {
        try await withReceiver { port, received in
            try await withServer { api in
                try await api.createUsers("ann", "bob")
                try await api.createChannel(#"{"channel_url": "room", "user_ids": ["ann", "bob"]}"#)
                let settings = try await api.put(
                    "/v3/applications/settings/webhook",
                    #"{"enabled": true, "url": "http://127.0.0.1:\#(port)/hook", "enabled_events": ["group_channel:message_send"]}"#
                )
                #expect(settings["webhook"]["enabled_events"] == ["group_channel:message_send"], "\(settings)")
                // Not subscribed, or Roost's own: never posted.
                #expect(try await api.post("/v3/group_channels/room/typing", #"{"user_ids": ["bob"]}"#).status == .ok)
                try await api.say("ann", "first", in: "room")
                #expect(try await api.put("/v3/group_channels/room", #"{"name": "Renamed"}"#).status == .ok)
                try await api.say("bob", "second", in: "room")

                let posts = try await received.wait(for: 2)
                #expect(posts.count == 2)
                let categories = posts.compactMap { try? JSONDecoder().decode(Event.self, from: Data($0.body.utf8)).category }
                #expect(categories == ["group_channel:message_send", "group_channel:message_send"])
                let key = SymmetricKey(data: Data(API.token.utf8))
                for post in posts {
                    #expect(post.signature == DeliveryEngine.signature(of: Array(post.body.utf8), key: key))
                }
                #expect(posts.map(\.body).joined().contains("second"))

                // Subscribing to nothing turns webhooks off.
                let none = try await api.put("/v3/applications/settings/webhook", #"{"enabled": true, "enabled_events": []}"#)
                #expect(none["webhook"]["enabled"] == false && none["webhook"]["enabled_events"] == [])
            }
        }
    }

    /// An invitation that turns a distinct channel into an ordinary one is reported as
    /// Sendbird reports a channel change.
    @Test func anInvitationEndingDistinctnessArrivesAsAChange() async throws {
        try await withReceiver { port, received in
            try await withServer { api in
                try await api.createUsers("ann", "bob", "cid")
                try await api.createChannel(#"{"channel_url": "pair", "user_ids": ["ann", "bob"], "is_distinct": true}"#)
                #expect(try await api.put(
                    "/v3/applications/settings/webhook",
                    #"{"enabled": true, "url": "http://127.0.0.1:\#(port)/hook", "enabled_events": ["group_channel:changed"]}"#
                ).status == .ok)
                #expect(try await api.post("/v3/group_channels/pair/invite", #"{"user_ids": ["cid"]}"#).status == .ok)
                let posts = try await received.wait(for: 1)
                let change = try JSONDecoder().decode(Change.self, from: Data(try #require(posts.first).body.utf8))
                #expect(change.category == "group_channel:changed" && change.channel.channel_url == "pair")
                #expect(change.changes.map { "\($0.key):\($0.old)>\($0.new)" } == ["is_distinct:true>false"])
            }
        }
    }

    private struct Event: Decodable {
        let category: String
    }

    private struct Change: Decodable {
        struct Channel: Decodable { let channel_url: String }
        struct Field: Decodable { let key: String, old: String, new: String }
        let category: String
        let channel: Channel
        let changes: [Field]
    }
}
