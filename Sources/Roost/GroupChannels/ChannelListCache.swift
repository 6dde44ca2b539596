import Metrics

/// A user's own channel list (`my_group_channels`), written as JSON and kept between reads (in
/// the application's `AnswerCache`). A page of ten channels, each written from its kept view
/// (`ChannelViewCache`), still took the views out of the cache, the user's inviters, and the
/// writing of every channel with the viewer's own fields: about a fifth of the list's CPU.
///
/// The page's query runs on every read, and a kept list is used only while it is exact: the
/// query read the same channels and memberships in the same order (a channel's row carries its
/// message and view revisions, which every change a channel shows moves), the users generation
/// is the same (nicknames, metadata: migration 0037), and none of the views it was written from
/// has lapsed (`exactUntil`: typing, mutes). One list is kept per user and view shape, the one
/// read last; a list with a channel built in full (see `GroupChannelAssembler.channels(kept:)`)
/// is not kept.
final class ChannelListCache: Sendable {
    struct Key: Hashable, Sendable {
        let userRowID: Int64
        let variant: ChannelViewCache.Variant
    }

    /// A channel of the list as its query read it.
    struct Row: Equatable, Sendable {
        let channel: ChannelRecord
        let viewer: ListedMembership
    }

    /// A struct: what it holds is shared, not copied, when it is taken out of the cache.
    struct List: Sendable {
        let rows: [Row]
        let usersGeneration: Int64
        /// When the list was written, and when the first view it was written from stops being
        /// exact (Unix ms); the emulator's clock can go back.
        let builtAt: Int64
        let exactUntil: Int64
        /// Each channel's fields, compact, in the rows' order.
        let channels: WrittenJSONArray
    }

    private let answers: AnswerCache
    /// Lists written from here (`roost_channel_list_cache_hits`).
    private let hits: Counter

    init(answers: AnswerCache, metrics: any MetricsFactory) {
        self.answers = answers
        hits = Counter(label: "roost_channel_list_cache_hits", factory: metrics)
    }

    /// The key of `userRowID`'s own list seen with `options`, or nil for one that is not kept.
    func key(of userRowID: Int64, options: ChannelViewOptions) -> Key? {
        guard answers.isOn, let variant = ChannelViewCache.Variant(options) else { return nil }
        return Key(userRowID: userRowID, variant: variant)
    }

    /// The list's channels as kept, where the list is exact for `rows` as read now.
    func channels(_ key: Key, rows: [Row], usersGeneration: Int64, at now: Int64) -> [GroupChannel]? {
        let list = answers.entry(key) { (list: List) in
            list.rows == rows && list.usersGeneration == usersGeneration && (list.builtAt..<list.exactUntil).contains(now)
        }
        guard let list else { return nil }
        hits.increment()
        return rows.indices.map { index in
            GroupChannel(channel: rows[index].channel, operators: [], keptWhole: GroupChannel.KeptWhole(written: list.channels, index: index))
        }
    }

    /// Keeps `channels`, written for `rows`, unless one of them was built in full.
    func keep(_ channels: [GroupChannel], rows: [Row], usersGeneration: Int64, at now: Int64, for key: Key) throws {
        let untils = channels.compactMap { $0.kept?.exactUntil }
        guard untils.count == channels.count else { return }
        let written = try WrittenJSONArray(writingEach: channels.map { channel in
            { try JSONFields.writeFields(into: $0, channel.write) }
        }).compacted()
        let list = List(
            rows: rows, usersGeneration: usersGeneration, builtAt: now, exactUntil: untils.min() ?? .max, channels: written
        )
        // The rows' records are counted roughly: they are small beside the JSON.
        answers.keep(list, size: written.byteCount + rows.count * 512, for: key)
    }
}
