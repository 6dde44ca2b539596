/// The tables of channel metadata and meta counters, both kinds of channel alike.
enum ChannelMetadataTables {
    /// Each channel's metadata items, stamped with when they were written.
    static let metadata = KeyValueRepository<String>(table: "channel_metadata", owner: "channel_id", stampsUpdates: true)
    /// Each channel's meta counters.
    static let counters = KeyValueRepository<Int64>(table: "channel_metacounters", owner: "channel_id")
}
