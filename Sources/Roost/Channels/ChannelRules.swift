/// Sendbird's limits on channel fields, and the generated channel URLs.
enum ChannelRules {
    static let channelURLLength = 4...100
    static let maxNameLength = 191
    static let maxCoverURLLength = 2048
    static let maxCustomTypeLength = 128
    static let maxOperators = 100
    /// Messages an open channel displays a second; more are saved, not displayed.
    static let openChannelMessagesPerSecond = 5
    /// Members of a group channel that is not a Supergroup.
    static let maxMembers = 100
    static let maxSupergroupMembers = 20_000
    /// A Supergroup's view shows this many of its members, as a preview (Sendbird's "view a
    /// group channel" page).
    static let supergroupMemberPreview = 10
    /// A member's unread message count in a Supergroup stops here (Sendbird's Supergroup page:
    /// "unread counts are marked up to 100 only").
    static let maxSupergroupUnreadCount = 100
    /// Group channels one user may have joined at once.
    static let maxJoinedChannelsPerUser = 2000
    /// Users one invitation may name, users `members_include_in` may name, and users one
    /// typing call may name.
    static let maxInvitees = 100
    static let maxMembersIncludeIn = 60
    static let maxTypingUsers = 10
    /// Sendbird's default cap on the length of a message text in a group channel.
    static let maxLengthMessage = 5000

    /// Letters, digits, `_` and `-`, four to a hundred of them.
    static func checkChannelURL(_ url: String) throws(APIError) {
        guard !url.isEmpty, url.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }) else {
            throw .notAllowedCharacter("channel_url")
        }
        guard url.count <= channelURLLength.upperBound else { throw .tooLong("channel_url", max: channelURLLength.upperBound) }
        guard url.count >= channelURLLength.lowerBound else {
            throw .invalid("channel_url", "It must be at least \(channelURLLength.lowerBound) characters long.")
        }
    }

    /// Checks the fields both kinds of channel share, where given.
    static func checkFields(name: String?, coverURL: String?, customType: String?) throws(APIError) {
        if let name { try checkName(name) }
        if let coverURL { try checkCoverURL(coverURL) }
        if let customType { try checkCustomType(customType) }
    }

    static func checkName(_ name: String) throws(APIError) {
        guard name.count <= maxNameLength else { throw .tooLong("name", max: maxNameLength) }
    }

    static func checkCoverURL(_ url: String) throws(APIError) {
        guard url.count <= maxCoverURLLength else { throw .tooLong("cover_url", max: maxCoverURLLength) }
    }

    static func checkCustomType(_ customType: String) throws(APIError) {
        guard customType.count <= maxCustomTypeLength else { throw .tooLong("custom_type", max: maxCustomTypeLength) }
    }

    /// A new URL in Sendbird's style: `sendbird_group_channel_<number>_<40 hex digits>`.
    static func generatedURL(for type: ChannelType, random: RandomTokens) -> String {
        "sendbird_\(type.jsonValue)_channel_\(random.number(in: 100...999_999))_\(random.hex(bytes: 20))"
    }

    /// The key that finds a distinct channel again: its custom type and its sorted members.
    static func distinctKey(customType: String, memberIDs: [String]) -> String {
        ([customType] + memberIDs.sorted()).joined(separator: "\u{1F}")
    }
}

extension APIError {
    static func notInvited(_ userID: String) -> APIError {
        APIError(code: 400108, message: "\"\(userID)\" has no pending invitation to this channel.")
    }

    static func notAMember(_ userID: String) -> APIError {
        APIError(code: 400108, message: "\"\(userID)\" is not a member of this channel.")
    }

    static func deactivatedUser(_ userID: String) -> APIError {
        APIError(code: 400300, message: "\"\(userID)\" is deactivated.")
    }
}
