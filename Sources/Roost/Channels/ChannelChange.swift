/// One field of a channel that an update changed, with its old and new value, as
/// `group_channel:changed` lists them under `changes`.
struct ChannelChange: Encodable, Equatable {
    let key: String
    let old: String
    let new: String

    /// The name, cover, custom type, data, access code and distinct flag changes from `old` to `new`.
    static func between(_ old: ChannelRecord, _ new: ChannelRecord) -> [ChannelChange] {
        let compared: [(String, String, String)] = [
            ("name", old.name, new.name), ("cover_url", old.coverURL, new.coverURL),
            ("custom_type", old.customType, new.customType), ("data", old.data, new.data),
            ("access_code", old.accessCode ?? "", new.accessCode ?? ""),
            ("is_distinct", String(old.isDistinct), String(new.isDistinct)),
        ]
        return compared.filter { $0.1 != $0.2 }.map { ChannelChange(key: $0.0, old: $0.1, new: $0.2) }
    }
}
