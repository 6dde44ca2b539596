import Testing

@testable import Roost

/// Shortcuts for sending messages and reading a history page's texts.
extension API {
    @discardableResult
    func send(_ url: String, _ body: String, channelType: String = "group_channels") async throws -> Reply {
        let reply = try await post("/v3/\(channelType)/\(url)/messages", body)
        #expect(reply.status == .ok, "sending: \(reply)")
        return reply
    }

    @discardableResult
    func say(_ userID: String, _ text: String, in url: String) async throws -> Reply {
        try await send(url, #"{"message_type": "MESG", "user_id": "\#(userID)", "message": "\#(text)"}"#)
    }

    /// Imports `count` messages into a channel through `/v3/migration`, as many a request as it
    /// takes, the sender of each chosen by its index, a millisecond apart.
    func importMessages(_ count: Int, into url: String, sentBy sender: (Int) -> String) async throws {
        for batch in stride(from: 0, to: count, by: MessageRules.maxMigratedMessages) {
            let messages = (batch..<min(batch + MessageRules.maxMigratedMessages, count)).map { index in
                #"{"user_id": "\#(sender(index))", "message": "old \#(index)", "timestamp": \#(1_500_000_000_000 + Int64(index))}"#
            }
            let reply = try await post("/v3/migration/\(url)", #"{"messages": [\#(messages.joined(separator: ","))]}"#)
            #expect(reply.status == .ok, "importing: \(reply)")
        }
    }

    func texts(_ path: String) async throws -> [String] {
        let reply = try await get(path)
        #expect(reply.status == .ok, "\(path): \(reply)")
        return reply["messages"].array.compactMap { $0["message"].string }
    }
}
