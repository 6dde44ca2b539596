import Metrics

/// A user's own channel list (`my_group_channels`), kept between reads (in the application's
/// `AnswerCache`): each channel's kept view (`ChannelViewCache`) and the viewer's own fields,
/// written. A page of ten channels, each written from its kept view, still took the views out
/// of the cache, the user's inviters, and the writing of the viewer's fields: about a sixth of
/// the list's CPU. Only the viewer's fields are written again here; the channels' own parts
/// are the views', shared, not copied.
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
        /// The channels' kept views, with whether the viewer is shown each one's last message.
        let channels: [GroupChannel.KeptSections]
        let viewers: [ListedMembership]
        /// Each channel's `GroupChannel.viewerSections`, compact, in the channels' order.
        let viewerFields: WrittenJSONArray
        let usersGeneration: Int64
        /// When the list was written, and when the first view it was written from stops being
        /// exact (Unix ms); the emulator's clock can go back.
        let builtAt: Int64
        let exactUntil: Int64

        /// Whether the page's query read the channels and memberships the list was written from.
        func isRead(as rows: [Row]) -> Bool {
            rows.count == channels.count
                && rows.indices.allSatisfy { rows[$0].channel == channels[$0].view.channel && rows[$0].viewer == viewers[$0] }
        }
    }

    private let answers: AnswerShelf

    init(answers: AnswerCache, metrics: any MetricsFactory) {
        self.answers = AnswerShelf(in: answers, hits: "roost_channel_list_cache_hits", metrics: metrics)
    }

    /// The key of `userRowID`'s own list seen with `options`, or nil for one that is not kept.
    func key(of userRowID: Int64, options: ChannelViewOptions) -> Key? {
        guard answers.isOn, let variant = ChannelViewCache.Variant(options) else { return nil }
        return Key(userRowID: userRowID, variant: variant)
    }

    /// The list's channels as kept, where the list is exact for `rows` as read now.
    func channels(_ key: Key, rows: [Row], usersGeneration: Int64, at now: Int64) -> [GroupChannel]? {
        let list = answers.entry(key) { (list: List) in
            list.isRead(as: rows) && list.usersGeneration == usersGeneration && (list.builtAt..<list.exactUntil).contains(now)
        }
        guard let list else { return nil }
        let sections = GroupChannel.viewerSectionCount
        return rows.indices.map { index in
            GroupChannel(
                channel: rows[index].channel, operators: [], kept: list.channels[index],
                keptViewer: GroupChannel.KeptViewer(written: list.viewerFields, index: index * sections)
            )
        }
    }

    /// Keeps `channels`, written for `rows`, unless one of them was built in full.
    func keep(_ channels: [GroupChannel], rows: [Row], usersGeneration: Int64, at now: Int64, for key: Key) throws {
        let kept = channels.compactMap(\.kept)
        guard kept.count == channels.count, kept.count == rows.count, channels.allSatisfy({ $0.viewer != nil }) else { return }
        let viewerFields = try WrittenJSONArray(writingEach: channels.flatMap(\.viewerSections)).compacted()
        let list = List(
            channels: kept, viewers: rows.map(\.viewer), viewerFields: viewerFields, usersGeneration: usersGeneration,
            builtAt: now, exactUntil: kept.map(\.view.exactUntil).min() ?? .max
        )
        // Counted whole, though the views are shared with the cache's own entries for them: a
        // list kept longer than its views holds them alone.
        let size = viewerFields.byteCount + kept.reduce(0) { $0 + $1.view.sections.byteCount } + rows.count * 256
        answers.keep(list, size: size, for: key)
    }
}
