import Hummingbird

/// `/v3/polls`: polls, their options, votes and voters. Parameters Sendbird's OpenAPI
/// document puts in the body of a GET are read from the query, where clients send them.
struct PollRoutes: Sendable {
    let polls: PollService

    func register(on group: RouterGroup<RoostContext>) {
        group.get { request, _ in
            let query = request.query
            let type = try query.string("channel_type").map { name throws(APIError) in
                guard let type = ChannelType(rawValue: name) else { throw .invalid("channel_type") }
                return type
            }
            return PollList(page: try await polls.list(
                channelURL: query.string("channel_url"), channelType: type, page: try query.pageRequest(defaultLimit: 20, maxLimit: 20)
            ))
        }
        group.post { request, _ in try await polls.create(try await request.decodeJSON(PollRequest.self)) }
        group.get(":poll_id") { request, context in
            let query = request.query
            return try await polls.poll(
                try context.int64PathParameter("poll_id"), viewerID: query.string("user_id"),
                partialVoters: try query.bool("show_partial_voter_list") ?? false
            )
        }
        group.put(":poll_id") { request, context in
            try await polls.update(try context.int64PathParameter("poll_id"), try await request.decodeJSON(PollRequest.self))
        }
        group.delete(":poll_id") { _, context in
            try await polls.delete(try context.int64PathParameter("poll_id"))
            return EmptyObject()
        }
        group.put(":poll_id/close") { _, context in try await polls.close(try context.int64PathParameter("poll_id")) }

        group.post(":poll_id/options") { request, context in
            try await polls.addOption(to: try context.int64PathParameter("poll_id"), try await request.decodeJSON(PollOptionRequest.self))
        }
        group.get(":poll_id/options/:option_id") { _, context in
            try await polls.option(try context.int64PathParameter("option_id"), of: try context.int64PathParameter("poll_id"))
        }
        group.put(":poll_id/options/:option_id") { request, context in
            try await polls.updateOption(
                try context.int64PathParameter("option_id"), of: try context.int64PathParameter("poll_id"),
                try await request.decodeJSON(PollOptionRequest.self)
            )
        }
        group.delete(":poll_id/options/:option_id") { _, context in
            try await polls.deleteOption(try context.int64PathParameter("option_id"), of: try context.int64PathParameter("poll_id"))
            return EmptyObject()
        }
        group.get(":poll_id/options/:option_id/voters") { request, context in
            let (count, page) = try await polls.voters(
                of: try context.int64PathParameter("option_id"), in: try context.int64PathParameter("poll_id"),
                page: try request.query.pageRequest(defaultLimit: 100, maxLimit: 100)
            )
            return PollVoterList(voteCount: count, page: page)
        }

        // Sendbird's pages give the vote as PUT in one place and POST in another.
        let vote: @Sendable (Request, RoostContext) async throws -> Poll = { request, context in
            try await polls.vote(in: try context.int64PathParameter("poll_id"), try await request.decodeJSON(PollVoteRequest.self))
        }
        group.put(":poll_id/vote", use: vote)
        group.post(":poll_id/vote", use: vote)
    }
}
