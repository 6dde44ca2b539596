import Metrics

/// Channels as no one in particular sees them, written as JSON and kept between reads (in the
/// application's `AnswerCache`): a view of a channel with 50 members read them, their users,
/// operators, mutes, typing, pins and the last message, and wrote 9 KB of JSON. A channel view
/// is answered from them, and each channel of a list, the viewer's own fields added.
///
/// A kept channel is used only while it is exact: the channel's row is the one it was built
/// from (its message and view revisions with it, which every change a channel shows moves in
/// the change's own transaction: migrations 0038 and 0039), the users generation is too
/// (migration 0037), and no typing indicator has lapsed and no mute has ended since
/// (`exactUntil`).
final class ChannelViewCache: Sendable {
    struct Key: Hashable, Sendable {
        let channelID: Int64
        let variant: Variant
    }

    /// The shapes of a channel that are kept apart: with or without members and metadata.
    /// Views and lists with receipts or the last message's sorted meta array are not kept.
    struct Variant: Hashable, Sendable {
        let showsMembers: Bool
        let showsMetadata: Bool

        init?(_ options: ChannelViewOptions) {
            guard !options.showReadReceipt, !options.showDeliveryReceipt, !options.lastMessageSortedMetaarray else { return nil }
            showsMembers = options.showMembers
            showsMetadata = options.showMetadata
        }
    }

    /// A class: a list's reader takes ten at a time out of the cache, and a reference is
    /// cheaper to hand out than a copy of every field.
    final class View: Sendable {
        let channel: ChannelRecord
        let usersGeneration: Int64
        /// When the view was built, and when it stops being exact with nothing changed (Unix
        /// ms): a typing indicator lapses, a mute ends. The emulator's clock can go back, so
        /// the view is not exact before it was built either.
        let builtAt: Int64
        let exactUntil: Int64
        /// `GroupChannel.sections()`, compact.
        let sections: WrittenJSONArray
        /// The channel's own last message's time, when it shows one: a member whose history
        /// starts later is not shown it.
        let lastMessageAt: Int64?
        /// The channel's operators and the members muted in it: a viewer's role and muted state.
        let operators: Set<Int64>
        let muted: Set<Int64>

        init(
            channel: ChannelRecord, usersGeneration: Int64, builtAt: Int64, exactUntil: Int64, sections: WrittenJSONArray,
            lastMessageAt: Int64?, operators: Set<Int64>, muted: Set<Int64>
        ) {
            self.channel = channel
            self.usersGeneration = usersGeneration
            self.builtAt = builtAt
            self.exactUntil = exactUntil
            self.sections = sections
            self.lastMessageAt = lastMessageAt
            self.operators = operators
            self.muted = muted
        }
    }

    private let answers: AnswerShelf

    /// Its hits count channels written from here, in views and lists.
    init(answers: AnswerCache, metrics: any MetricsFactory) {
        self.answers = AnswerShelf(in: answers, hits: "roost_channel_view_cache_hits", metrics: metrics)
    }

    /// The key a channel seen with `options` is kept under, or nil for one that is not kept
    /// (all of them when the budget is 0).
    func key(of channel: ChannelRecord, options: ChannelViewOptions) -> Key? {
        guard answers.isOn, let variant = Variant(options) else { return nil }
        return Key(channelID: channel.rowID, variant: variant)
    }

    /// The kept views of `channels` (each under its key), where exact for the channel as read now.
    func views(_ channels: [(key: Key, record: ChannelRecord)], usersGeneration: Int64, at now: Int64) -> [View?] {
        answers.entries(channels.map(\.key)) { (index, view: View) in
            view.channel == channels[index].record && view.usersGeneration == usersGeneration && (view.builtAt..<view.exactUntil).contains(now)
        }
    }

    func keep(_ view: View, for key: Key) {
        answers.keep(view, size: view.sections.byteCount, for: key)
    }
}
