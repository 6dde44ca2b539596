import Hummingbird

/// `/v3/polls`: polls, their options, votes and voters. Parameters Sendbird's OpenAPI
/// document puts in the body of a GET are read from the query, where clients send them.
struct PollRoutes: Sendable {
    let polls: PollService

    func register(on group: RouterGroup<RoostContext>) {
        group.get(use: list)
        group.post(use: create)
        group.get(":poll_id", use: poll)
        group.put(":poll_id", use: update)
        group.delete(":poll_id", use: delete)
        group.put(":poll_id/close", use: close)

        group.post(":poll_id/options", use: addOption)
        group.get(":poll_id/options/:option_id", use: option)
        group.put(":poll_id/options/:option_id", use: updateOption)
        group.delete(":poll_id/options/:option_id", use: deleteOption)
        group.get(":poll_id/options/:option_id/voters", use: voters)

        // Sendbird's pages give the vote as PUT in one place and POST in another.
        group.put(":poll_id/vote", use: vote)
        group.post(":poll_id/vote", use: vote)
    }

    @Sendable func vote(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await polls.vote(in: try context.int64PathParameter("poll_id"), try await request.decodeJSON(PollVoteRequest.self))
    }

    @Sendable func list(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let query = request.query
        let type = try query.string("channel_type").map { name throws(APIError) in
            guard let type = ChannelType(rawValue: name) else { throw .invalid("channel_type") }
            return type
        }
        return PollList(page: try await polls.list(
            channelURL: query.string("channel_url"), channelType: type, page: try query.pageRequest(defaultLimit: 20, maxLimit: 20)
        ))
    }

    @Sendable func create(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await polls.create(try await request.decodeJSON(PollRequest.self))
    }

    @Sendable func poll(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let query = request.query
        return try await polls.poll(
            try context.int64PathParameter("poll_id"), viewerID: query.string("user_id"),
            partialVoters: try query.bool("show_partial_voter_list") ?? false
        )
    }

    @Sendable func update(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await polls.update(try context.int64PathParameter("poll_id"), try await request.decodeJSON(PollRequest.self))
    }

    @Sendable func delete(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await polls.delete(try context.int64PathParameter("poll_id"))
        return EmptyObject()
    }

    @Sendable func close(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await polls.close(try context.int64PathParameter("poll_id"))
    }

    @Sendable func addOption(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await polls.addOption(to: try context.int64PathParameter("poll_id"), try await request.decodeJSON(PollOptionRequest.self))
    }

    @Sendable func option(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await polls.option(try context.int64PathParameter("option_id"), of: try context.int64PathParameter("poll_id"))
    }

    @Sendable func updateOption(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await polls.updateOption(
            try context.int64PathParameter("option_id"), of: try context.int64PathParameter("poll_id"),
            try await request.decodeJSON(PollOptionRequest.self)
        )
    }

    @Sendable func deleteOption(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        try await polls.deleteOption(try context.int64PathParameter("option_id"), of: try context.int64PathParameter("poll_id"))
        return EmptyObject()
    }

    @Sendable func voters(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let (count, page) = try await polls.voters(
            of: try context.int64PathParameter("option_id"), in: try context.int64PathParameter("poll_id"),
            page: try request.query.pageRequest(defaultLimit: 100, maxLimit: 100)
        )
        return PollVoterList(voteCount: count, page: page)
    }
}
