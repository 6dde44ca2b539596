import Testing

/// Shortcuts for the channel set-up most tests start with.
extension API {
    /// Creates users with the given ids.
    func createUsers(_ userIDs: String...) async throws {
        for userID in userIDs { try await createUser(userID) }
    }

    /// Creates a group channel and checks that it worked.
    @discardableResult
    func createChannel(_ body: String) async throws -> Reply {
        let reply = try await post("/v3/group_channels", body)
        #expect(reply.status == .ok, "creating a channel: \(reply)")
        return reply
    }

    /// The user ids in a list of members.
    func memberIDs(of url: String, query: String = "") async throws -> [String] {
        let reply = try await get("/v3/group_channels/\(url)/members?limit=100\(query.isEmpty ? "" : "&" + query)")
        #expect(reply.status == .ok, "\(reply)")
        return reply["members"].array.compactMap { $0["user_id"].string }
    }
}
