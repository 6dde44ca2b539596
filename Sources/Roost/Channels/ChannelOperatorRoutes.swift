import Hummingbird

/// `POST/GET/DELETE {channel_url}/operators` on either kind of channel.
struct ChannelOperatorRoutes: Sendable {
    let operators: ChannelOperatorService

    func register(on group: RouterGroup<RoostContext>) {
        group.post(":channel_url/operators", use: addOperators)
        group.get(":channel_url/operators", use: listOperators)
        group.delete(":channel_url/operators", use: removeOperators)
    }

    @Sendable func addOperators(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let body = try await request.decodeJSON(OperatorsRequest.self)
        try await operators.register(try context.pathParameter("channel_url"), userIDs: body.operatorIDs)
        return EmptyObject()
    }

    @Sendable func listOperators(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let page = try await operators.list(try context.pathParameter("channel_url"), page: try request.query.pageRequest())
        return OperatorList(operators: page.items.map(EmbeddedUser.init), next: page.next)
    }

    @Sendable func removeOperators(_ request: Request, context: RoostContext) async throws -> some ResponseGenerator {
        let query = request.query
        try await operators.remove(
            try context.pathParameter("channel_url"), userIDs: query.list("operator_ids") ?? [],
            all: try query.bool("delete_all") ?? false
        )
        return EmptyObject()
    }
}

struct OperatorsRequest: Decodable {
    var operatorIDs: [String]

    enum CodingKeys: String, CodingKey { case operatorIDs = "operator_ids" }
}

struct OperatorList: ResponseEncodable {
    let operators: [EmbeddedUser]
    let next: String
}
