import Metrics

/// Channel views as they were answered, kept between reads (in the application's
/// `AnswerCache`): a view of a channel with 50 members read them, their users, operators,
/// mutes, typing, pins and the last message, and wrote 9 KB of JSON.
///
/// A view is answered only while it is exact: the channel's row is the one it was built from
/// (its message and view revisions with it, which every change a view shows moves in the
/// change's own transaction: migrations 0038 and 0039), the users generation is too (migration
/// 0037), and no typing indicator has lapsed and no mute has ended since (`exactUntil`).
final class ChannelViewCache: Sendable {
    struct Key: Hashable, Sendable {
        let channelID: Int64
        /// `show_member` and `show_metadata`; views with receipts or a viewer are not kept.
        let variant: Int
    }

    struct View: Sendable {
        let channel: ChannelRecord
        let usersGeneration: Int64
        /// When the view was built, and when it stops being exact with nothing changed (Unix
        /// ms): a typing indicator lapses, a mute ends. The emulator's clock can go back, so
        /// the view is not exact before it was built either.
        let builtAt: Int64
        let exactUntil: Int64
        let json: WrittenJSON
    }

    private let answers: AnswerCache
    /// Views answered from here (`roost_channel_view_cache_hits`).
    private let hits: Counter

    init(answers: AnswerCache, metrics: any MetricsFactory) {
        self.answers = answers
        hits = Counter(label: "roost_channel_view_cache_hits", factory: metrics)
    }

    /// The key a view with `options` is kept under, or nil for a view that is not kept (all of
    /// them when the budget is 0).
    func key(of channel: ChannelRecord, options: ChannelViewOptions) -> Key? {
        guard answers.isOn, options.viewerRowID == nil, !options.showReadReceipt, !options.showDeliveryReceipt else { return nil }
        return Key(channelID: channel.rowID, variant: (options.showMembers ? 1 : 0) | (options.showMetadata ? 2 : 0))
    }

    /// The kept view of `key`, when it is exact for `channel` as read now.
    func view(_ key: Key, of channel: ChannelRecord, usersGeneration: Int64, at now: Int64) -> WrittenJSON? {
        let view: View? = answers.entry(key) { (view: View) in
            view.channel == channel && view.usersGeneration == usersGeneration && (view.builtAt..<view.exactUntil).contains(now)
        }
        if view != nil { hits.increment() }
        return view?.json
    }

    func keep(_ view: View, for key: Key) {
        answers.keep(view, size: view.json.bytes.count, for: key)
    }
}
