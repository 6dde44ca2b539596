/// Reading channel list filters and options from a query string.
extension ChannelFilter {
    init(_ query: QueryParameters) throws(APIError) {
        // `is_distinct` is the filter `distinct_mode` replaced; Sendbird's description keeps both.
        let legacyDistinct = try query.bool("is_distinct").map { $0 ? DistinctMode.distinct : .nondistinct }
        distinctMode = try query.option("distinct_mode", as: DistinctMode.self) ?? legacyDistinct ?? .all
        publicMode = try query.option("public_mode", as: PublicMode.self) ?? .all
        superMode = try query.option("super_mode", as: SuperMode.self) ?? .all
        createdAfter = try query.int64("created_after")
        createdBefore = try query.int64("created_before")
        showEmpty = try query.bool("show_empty") ?? false
        showFrozen = try query.bool("show_frozen") ?? true
        customTypes = query.list("custom_types", orSingle: "custom_type")
        customTypePrefix = query.string("custom_type_startswith")
        channelURLs = query.list("channel_urls")
        name = query.string("name")
        nameContains = query.string("name_contains")
        namePrefix = query.string("name_startswith")
        membersExactlyIn = query.list("members_exactly_in")
        membersIncludeIn = query.list("members_include_in") ?? query.list("members_in")
        if let userIDs = membersIncludeIn, userIDs.count > ChannelRules.maxMembersIncludeIn {
            throw .tooManyItems("members_include_in", max: ChannelRules.maxMembersIncludeIn)
        }
        queryType = try query.option("query_type", as: QueryType.self) ?? .and
        membersNickname = query.string("members_nickname")
        membersNicknameContains = query.string("members_nickname_contains")
        membersNicknamePrefix = query.string("members_nickname_startswith")
        metadataKey = query.string("metadata_key")
        metadataValues = query.list("metadata_values")
        metadataValuePrefix = query.string("metadata_value_startswith")
        metacounterKey = query.string("metacounter_key")
        metacounterValues = try query.list("metacounter_values").map { values throws(APIError) in
            try values.map { value throws(APIError) in
                guard let number = Int64(value) else { throw .unexpectedType("metacounter_values", expected: .number) }
                return number
            }
        }
        metacounterGreaterThan = try query.int64("metacounter_value_gt")
        metacounterAtLeast = try query.int64("metacounter_value_gte")
        metacounterLessThan = try query.int64("metacounter_value_lt")
        metacounterAtMost = try query.int64("metacounter_value_lte")
    }
}

extension MembershipFilter {
    init(_ query: QueryParameters, userRowID: Int64) throws(APIError) {
        self.userRowID = userRowID
        hiddenMode = try query.option("hidden_mode", as: HiddenMode.self) ?? .unhiddenOnly
        // group_channel_count names the filter `state` and spells its values "joined" and "invited".
        let name = query.string("member_state_filter") == nil ? "state" : "member_state_filter"
        switch query.string(name) {
        case "joined": stateFilter = .joinedOnly
        case "invited": stateFilter = .invitedOnly
        default: stateFilter = try query.option(name, as: StateFilter.self) ?? .all
        }
        unreadOnly = try query.option("unread_filter", as: UnreadFilter.self) == .unreadMessage
        searchQuery = query.string("search_query")
        if let fields = query.list("search_fields") {
            searchFields = try fields.map { field throws(APIError) in
                guard let parsed = SearchField(rawValue: field) else { throw .invalid("search_fields") }
                return parsed
            }
        }
    }

    enum UnreadFilter: String { case all, unreadMessage = "unread_message" }
}

extension ChannelOrder {
    init(_ query: QueryParameters) throws(APIError) {
        switch query.string("order") ?? "chronological" {
        case "chronological": self = .chronological
        case "latest_last_message": self = .latestLastMessage
        case "channel_name_alphabetical": self = .channelNameAlphabetical
        case "metadata_value_alphabetical":
            guard let key = query.string("metadata_order_key") else { throw .missing("metadata_order_key") }
            self = .metadataValueAlphabetical(key: key)
        default: throw .invalid("order")
        }
    }
}

extension MemberListQuery {
    init(_ query: QueryParameters) throws(APIError) {
        order = try query.option("order", as: Order.self) ?? .memberNicknameAlphabetical
        operatorFilter = try query.option("operator_filter", as: OperatorFilter.self) ?? .all
        stateFilter = try query.option("member_state_filter", as: StateFilter.self) ?? .all
        mutedFilter = try query.option("muted_member_filter", as: MutedFilter.self) ?? .all
        activeFilter = try query.option("member_active_mode_filter", as: ActiveFilter.self) ?? .activated
        nicknamePrefix = query.string("nickname_startswith")
        after = try query.pageRequest().after
    }
}
