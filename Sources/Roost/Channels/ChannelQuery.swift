/// Filters of the channel lists: group channels, a user's group channels and open channels.
struct ChannelFilter: Sendable {
    enum DistinctMode: String { case all, distinct, nondistinct }
    enum PublicMode: String { case all, `private`, `public` }
    enum SuperMode: String { case all, `super`, nonsuper }
    enum QueryType: String { case and = "AND", or = "OR" }

    var distinctMode = DistinctMode.all
    var publicMode = PublicMode.all
    var superMode = SuperMode.all
    var createdAfter: Int64?
    var createdBefore: Int64?
    var showEmpty = false
    var showFrozen = true
    var customTypes: [String]?
    var customTypePrefix: String?
    var channelURLs: [String]?
    var name: String?
    var nameContains: String?
    var namePrefix: String?
    var urlContains: String?
    var membersExactlyIn: [String]?
    var membersIncludeIn: [String]?
    var queryType = QueryType.and
    var membersNickname: String?
    var membersNicknameContains: String?
    var membersNicknamePrefix: String?
    var metadataKey: String?
    var metadataValues: [String]?
    var metadataValuePrefix: String?
    var metacounterKey: String?
    var metacounterValues: [Int64]?
    var metacounterGreaterThan: Int64?
    var metacounterAtLeast: Int64?
    var metacounterLessThan: Int64?
    var metacounterAtMost: Int64?
}

/// Filters that only `my_group_channels` has: they read the listing user's membership.
struct MembershipFilter: Sendable {
    enum HiddenMode: String {
        case unhiddenOnly = "unhidden_only", hiddenOnly = "hidden_only"
        case hiddenAllowAutoUnhide = "hidden_allow_auto_unhide", hiddenPreventAutoUnhide = "hidden_prevent_auto_unhide"
        case all
    }

    enum StateFilter: String {
        case all
        case joinedOnly = "joined_only"
        case invitedOnly = "invited_only"
        case invitedByFriend = "invited_by_friend"
        case invitedByNonFriend = "invited_by_non_friend"
    }

    enum SearchField: String {
        case channelName = "channel_name", memberNickname = "member_nickname"
    }

    var userRowID: Int64
    var hiddenMode = HiddenMode.unhiddenOnly
    var stateFilter = StateFilter.all
    var unreadOnly = false
    var searchQuery: String?
    var searchFields: [SearchField] = [.channelName, .memberNickname]
}

/// How a channel list is sorted; each order pages with its own cursor.
enum ChannelOrder: Sendable, Equatable {
    case chronological
    case latestLastMessage
    case channelNameAlphabetical
    case metadataValueAlphabetical(key: String)
}

/// The SQL behind one page of a channel list.
struct ChannelQuery: Sendable {
    private static let channelColumns = ChannelRecord.Columns.qualified(by: "c")
    /// Where the listing user's own columns start in a row of `sql(limit:)`: after the
    /// channel's, `order_value` and `viewer_push_trigger_option`.
    static let viewerColumnsOffset = ChannelRecord.Columns.allCases.count + 2
    private static let viewerColumns = MemberRecord.Columns.qualified(by: "me")

    var type: ChannelType
    var filter = ChannelFilter()
    var membership: MembershipFilter?
    var order = ChannelOrder.chronological
    var after: PageCursor?

    /// The sort values of a channel, as its page cursor holds them; `orderValue` is the row's
    /// `order_value` (its last message's time as the list sees it, or its metadata value).
    func cursor(of channel: ChannelRecord, orderValue: String) -> PageCursor {
        switch order {
        case .chronological: PageCursor([String(channel.rowID)])
        case .latestLastMessage, .metadataValueAlphabetical: PageCursor([orderValue, String(channel.rowID)])
        case .channelNameAlphabetical: PageCursor([channel.name, String(channel.rowID)])
        }
    }

    /// When a channel's last message came, as the list orders by it: in a user's own list, a
    /// 1-on-1 channel stays where the last message they were shown put it (see
    /// `MemberRecord.shownLastMessageAt`).
    private var lastMessageTime: String {
        membership == nil
            ? "COALESCE(c.last_message_at, c.created_at)"
            : "COALESCE(CASE WHEN c.member_count = 2 THEN me.shown_last_message_at END, c.last_message_at, c.created_at)"
    }

    func sql(limit: Int, dialect: Dialect) throws(APIError) -> (String, StatementArguments) {
        var (from, conditions) = try base(dialect)
        // A user's channels are read through their memberships, in channel order, so the
        // members_by_user index serves both the lookup and the newest-first order.
        let channelID = membership == nil ? "c.id" : "me.channel_id"
        let orderBy: String
        switch order {
        case .chronological:
            orderBy = "\(channelID) DESC"
            if let after { conditions.add("\(channelID) < ?", [try after.integer(at: 0)]) }
        case .latestLastMessage:
            orderBy = "\(lastMessageTime) DESC, c.id DESC"
            if let after {
                let time = try after.integer(at: 0), id = try after.integer(at: 1)
                conditions.add("(\(lastMessageTime) < ? OR (\(lastMessageTime) = ? AND c.id < ?))", [time, time, id])
            }
        case .channelNameAlphabetical:
            orderBy = "c.name, c.id"
            if let after {
                let name = try after.string(at: 0), id = try after.integer(at: 1)
                conditions.add("(c.name > ? OR (c.name = ? AND c.id > ?))", [name, name, id])
            }
        case .metadataValueAlphabetical:
            orderBy = "order_value, c.id"
            if let after {
                let value = try after.string(at: 0), id = try after.integer(at: 1)
                conditions.add(
                    "(COALESCE(om.value, '') > ? OR (COALESCE(om.value, '') = ? AND c.id > ?))", [value, value, id]
                )
            }
        }
        let orderValue = switch order {
        case .latestLastMessage: "CAST(\(lastMessageTime) AS TEXT)"
        case .metadataValueAlphabetical: "COALESCE(om.value, '')"
        case .chronological, .channelNameAlphabetical: "''"
        }
        // A user's own list shows their membership of each channel and their push trigger
        // option for it: read with the page, they cost no query of their own.
        let viewer = membership == nil ? "" : """
            , COALESCE((SELECT pp.push_trigger_option FROM channel_push_preferences pp
                        WHERE pp.channel_id = me.channel_id AND pp.user_id = me.user_id), 'default') AS viewer_push_trigger_option,
            \(Self.viewerColumns)
            """
        let sql = """
            SELECT \(Self.channelColumns), \(orderValue) AS order_value\(viewer)
            FROM \(from.sql)
            \(conditions.whereClause) ORDER BY \(orderBy) LIMIT ?
            """
        return (sql, from.arguments + conditions.arguments + [limit])
    }

    func countSQL(dialect: Dialect) throws(APIError) -> (String, StatementArguments) {
        let (from, conditions) = try base(dialect)
        return ("SELECT COUNT(*) FROM \(from.sql) \(conditions.whereClause)", from.arguments + conditions.arguments)
    }

    /// The FROM clause with its joins, and every filter as a condition.
    private func base(_ dialect: Dialect) throws(APIError) -> (from: (sql: String, arguments: StatementArguments), conditions: Conditions) {
        var fromSQL = "channels c"
        var fromArguments = StatementArguments()
        if membership != nil {
            // CROSS JOIN keeps the user's memberships as the outer loop: a user belongs to at
            // most a few thousand channels, however many channels there are. (Its condition is
            // the WHERE's first: PostgreSQL takes no ON after CROSS JOIN.)
            fromSQL = "members me CROSS JOIN channels c"
        }
        if case .metadataValueAlphabetical(let key) = order {
            fromSQL += " LEFT JOIN channel_metadata om ON om.channel_id = c.id AND om.key = ?"
            fromArguments += [key]
        }

        var conditions = Conditions()
        if let membership { conditions.add("c.id = me.channel_id AND me.user_id = ?", [membership.userRowID]) }
        conditions.add("c.channel_type = ?", [type.rawValue])
        // A channel being deleted has no members, so only lists of every channel meet it.
        if membership == nil { conditions.add("c.deleted_at IS NULL") }
        addChannelConditions(to: &conditions, dialect)
        if let membership { addMembershipConditions(membership, to: &conditions, dialect) }
        if let userIDs = filter.membersExactlyIn { addExactMembers(userIDs, viewer: membership?.userRowID, to: &conditions) }
        return ((fromSQL, fromArguments), conditions)
    }

    /// Channels whose members are exactly the users named; ids of no user are passed over, as
    /// on Sendbird. In a user's own list the user counts among them whether named or not:
    /// `["ned"]` finds their 1-on-1 channels with Ned, as the SDKs' exact filter does.
    private func addExactMembers(_ userIDs: [String], viewer: Int64?, to conditions: inout Conditions) {
        let list = SQL.ValueList(Array(Set(userIDs)))
        let named = "(SELECT COUNT(*) FROM users WHERE user_id IN (\(list.placeholders)))"
        guard let viewer else {
            conditions.add(
                """
                (SELECT COUNT(*) FROM members m WHERE m.channel_id = c.id) = \(named)
                AND (SELECT COUNT(*) FROM members m JOIN users u ON u.id = m.user_id
                     WHERE m.channel_id = c.id AND u.user_id IN (\(list.placeholders))) = \(named)
                """,
                list.values + list.values + list.values
            )
            return
        }
        // How many members the channel must have: those named, and the viewer if not named.
        let expected = "(\(named) + CASE WHEN EXISTS (SELECT 1 FROM users WHERE id = ? AND user_id IN (\(list.placeholders))) THEN 0 ELSE 1 END)"
        let expectedValues = list.values + [viewer] + list.values
        conditions.add(
            """
            (SELECT COUNT(*) FROM members m WHERE m.channel_id = c.id) = \(expected)
            AND (SELECT COUNT(*) FROM members m JOIN users u ON u.id = m.user_id
                 WHERE m.channel_id = c.id AND (m.user_id = ? OR u.user_id IN (\(list.placeholders)))) = \(expected)
            """,
            expectedValues + [viewer] + list.values + expectedValues
        )
    }

    private func addChannelConditions(to conditions: inout Conditions, _ dialect: Dialect) {
        switch filter.distinctMode {
        case .all: break
        case .distinct: conditions.add("c.is_distinct = 1")
        case .nondistinct: conditions.add("c.is_distinct = 0")
        }
        switch filter.publicMode {
        case .all: break
        case .private: conditions.add("c.is_public = 0")
        case .public: conditions.add("c.is_public = 1")
        }
        switch filter.superMode {
        case .all: break
        case .super: conditions.add("c.is_super = 1")
        case .nonsuper: conditions.add("c.is_super = 0")
        }
        if let after = filter.createdAfter { conditions.add("c.created_at > ?", [after]) }
        if let before = filter.createdBefore { conditions.add("c.created_at < ?", [before]) }
        if !filter.showEmpty { conditions.add("c.last_message_at IS NOT NULL") }
        if !filter.showFrozen { conditions.add("c.freeze = 0") }
        if let types = filter.customTypes {
            let list = SQL.ValueList(types)
            conditions.add("c.custom_type IN (\(list.placeholders))", list.values)
        }
        if let prefix = filter.customTypePrefix { conditions.add(dialect.startsWith("c.custom_type"), [dialect.prefixArgument(prefix)]) }
        if let urls = filter.channelURLs {
            let list = SQL.ValueList(urls)
            conditions.add("c.channel_url IN (\(list.placeholders))", list.values)
        }
        if let name = filter.name { conditions.add("c.name = ?", [name]) }
        let like = dialect.likeIgnoringCase
        if let text = filter.nameContains { conditions.add("c.name \(like) ? ESCAPE '\\'", [SQL.likeContains(text)]) }
        if let prefix = filter.namePrefix { conditions.add("c.name \(like) ? ESCAPE '\\'", [SQL.likePrefix(prefix)]) }
        if let text = filter.urlContains { conditions.add("c.channel_url \(like) ? ESCAPE '\\'", [SQL.likeContains(text)]) }

        if let userIDs = filter.membersIncludeIn {
            let list = SQL.ValueList(userIDs)
            switch filter.queryType {
            case .or:
                conditions.add(
                    "EXISTS (SELECT 1 FROM members m JOIN users u ON u.id = m.user_id WHERE m.channel_id = c.id AND u.user_id IN (\(list.placeholders)))",
                    list.values
                )
            case .and:
                // Only ids of existing users count (Sendbird's page); with none of them, no channel matches.
                conditions.add(
                    """
                    (SELECT COUNT(DISTINCT u.user_id) FROM members m JOIN users u ON u.id = m.user_id
                     WHERE m.channel_id = c.id AND u.user_id IN (\(list.placeholders)))
                    = MAX(1, (SELECT COUNT(*) FROM users WHERE user_id IN (\(list.placeholders))))
                    """,
                    list.values + list.values
                )
            }
        }
        let nicknameIs = "EXISTS (SELECT 1 FROM members m JOIN users u ON u.id = m.user_id WHERE m.channel_id = c.id AND u.nickname"
        if let nickname = filter.membersNickname { conditions.add("\(nicknameIs) = ?)", [nickname]) }
        if let text = filter.membersNicknameContains {
            conditions.add("\(nicknameIs) \(like) ? ESCAPE '\\')", [SQL.likeContains(text)])
        }
        if let prefix = filter.membersNicknamePrefix {
            conditions.add("\(nicknameIs) \(like) ? ESCAPE '\\')", [SQL.likePrefix(prefix)])
        }

        if let key = filter.metadataKey {
            let metadataIs = "EXISTS (SELECT 1 FROM channel_metadata md WHERE md.channel_id = c.id AND md.key = ?"
            if let values = filter.metadataValues {
                let list = SQL.ValueList(values)
                conditions.add("\(metadataIs) AND md.value IN (\(list.placeholders)))", [key] + list.values)
            } else if let prefix = filter.metadataValuePrefix {
                conditions.add("\(metadataIs) AND \(dialect.startsWith("md.value")))", [key, dialect.prefixArgument(prefix)])
            } else {
                conditions.add("\(metadataIs))", [key])
            }
        }
        if let key = filter.metacounterKey {
            var clause = "EXISTS (SELECT 1 FROM channel_metacounters mc WHERE mc.channel_id = c.id AND mc.key = ?"
            var values: [any DatabaseValueConvertible] = [key]
            if let exact = filter.metacounterValues {
                let list = SQL.ValueList(exact)
                clause += " AND mc.value IN (\(list.placeholders))"
                values += list.values
            }
            for (bound, comparison) in [
                (filter.metacounterGreaterThan, ">"), (filter.metacounterAtLeast, ">="),
                (filter.metacounterLessThan, "<"), (filter.metacounterAtMost, "<="),
            ] {
                if let bound {
                    clause += " AND mc.value \(comparison) ?"
                    values.append(bound)
                }
            }
            conditions.add(clause + ")", values)
        }
    }

    private func addMembershipConditions(_ membership: MembershipFilter, to conditions: inout Conditions, _ dialect: Dialect) {
        switch membership.hiddenMode {
        case .unhiddenOnly: conditions.add("me.hidden_state = 'unhidden'")
        case .hiddenOnly: conditions.add("me.hidden_state <> 'unhidden'")
        case .hiddenAllowAutoUnhide: conditions.add("me.hidden_state = 'hidden_allow_auto_unhide'")
        case .hiddenPreventAutoUnhide: conditions.add("me.hidden_state = 'hidden_prevent_auto_unhide'")
        case .all: break
        }
        switch membership.stateFilter {
        case .all: break
        case .joinedOnly: conditions.add("me.state = 'joined'")
        case .invitedOnly, .invitedByNonFriend: conditions.add("me.state = 'invited'")
        // Roost keeps no friend lists, so no inviter is a friend.
        case .invitedByFriend: conditions.add("1 = 0")
        }
        if membership.unreadOnly { conditions.add("\(MemberRepository.unreadMessageCount(of: "me")) > 0") }
        if let query = membership.searchQuery {
            var alternatives: [String] = []
            var values: [any DatabaseValueConvertible] = []
            if membership.searchFields.contains(.channelName) {
                alternatives.append("c.name \(dialect.likeIgnoringCase) ? ESCAPE '\\'")
                values.append(SQL.likeContains(query))
            }
            if membership.searchFields.contains(.memberNickname) {
                alternatives.append(
                    "EXISTS (SELECT 1 FROM members m JOIN users u ON u.id = m.user_id WHERE m.channel_id = c.id "
                        + "AND u.nickname \(dialect.likeIgnoringCase) ? ESCAPE '\\')"
                )
                values.append(SQL.likeContains(query))
            }
            if !alternatives.isEmpty {
                conditions.add("(" + alternatives.joined(separator: " OR ") + ")", values)
            }
        }
    }
}
