/// What to put into channel objects beyond their own columns.
struct ChannelViewOptions: Sendable {
    var showMembers = false
    var showMetadata = false
    var showReadReceipt = false
    var showDeliveryReceipt = false
    /// `include_sorted_metaarray_in_last_message`.
    var lastMessageSortedMetaarray = false
    /// The member whose own state (role, hidden state, invitation) the objects carry.
    var viewerRowID: Int64?
    /// The time the view is taken at (Unix ms): what is typing, who is muted.
    var now: Int64 = 0
}

extension ChannelViewOptions {
    /// `show_member`, `show_metadata`, the receipts (with the older `member` and
    /// `read_receipt` spellings) and the last message's sorted meta array.
    init(_ query: QueryParameters) throws(APIError) {
        let legacyShowMembers = try query.bool("member")
        showMembers = try query.bool("show_member") ?? legacyShowMembers ?? false
        showMetadata = try query.bool("show_metadata") ?? false
        let legacyReadReceipt = try query.bool("read_receipt")
        showReadReceipt = try query.bool("show_read_receipt") ?? legacyReadReceipt ?? false
        showDeliveryReceipt = try query.bool("show_delivery_receipt") ?? false
        lastMessageSortedMetaarray = try query.bool("include_sorted_metaarray_in_last_message") ?? false
    }
}
