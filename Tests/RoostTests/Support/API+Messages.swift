import Testing

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

    func texts(_ path: String) async throws -> [String] {
        let reply = try await get(path)
        #expect(reply.status == .ok, "\(path): \(reply)")
        return reply["messages"].array.compactMap { $0["message"].string }
    }
}
