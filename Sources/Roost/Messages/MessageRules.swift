/// Sendbird's limits on messages.
enum MessageRules {
    static let maxAdminMessageLength = 1000
    static let maxCustomTypeLength = 128
    static let historyLimit = 0...200
    static let defaultHistoryLimit = 15
    static let maxMigratedMessages = 100
    /// How many of the users a message mentions are notified (the iOS guide: "only up to ten").
    static let notifiedMentions = 10
}
