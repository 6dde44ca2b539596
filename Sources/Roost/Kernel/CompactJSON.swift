/// JSON kept in memory in fewer bytes. Runs of text that most answers hold (a message's or a
/// member's fields at their usual values) are kept as one control byte each: JSON text never
/// holds one raw, as the writer escapes them. Written out again, it is the same bytes. A
/// channel's newest 50 messages take about a fifth of their size so, and the answers kept in
/// memory (`AnswerCache`) fit five times as many in the same budget.
enum CompactJSON {
    /// The runs, longest first where one starts another; run `i` is kept as byte `i + 1`.
    static let runs: [[UInt8]] = [
        #","mention_type":"users","mentioned_users":[],"is_removed":false,"silent":false,"is_op_msg":false,"message_survival_seconds":-1,"translations":{},"parent_message_id":0,"is_reply_to_channel":false,"req_id":"","require_auth":false,"message_retention_hour":-1}"#,
        #","is_removed":false,"silent":false,"is_op_msg":false,"message_survival_seconds":-1,"translations":{},"parent_message_id":"#,
        #","is_reply_to_channel":false,"req_id":"","require_auth":false,"message_retention_hour":-1}"#,
        #""is_active":true,"is_online":false,"last_seen_at":0,"state":"joined","role":"","is_muted":false}"#,
        #"","profile_url":"","metadata":{},"require_auth_for_profile_image":false,"#,
        #"","channel_type":"group","user":{"user_id":""#,
        #","mention_type":"users","mentioned_users":["#,
        #","custom_type":"","data":"","created_at":"#,
        #","updated_at":0,"channel_url":""#,
        #""role":"","is_active":true}"#,
        #","type":"MESG","message":""#,
        #"{"message_id":"#,
    ].map { Array($0.utf8) }

    /// For each first byte, the runs that start with it, longest first.
    private static let runsByFirstByte: [[Int]] = {
        var table = [[Int]](repeating: [], count: 256)
        for (index, run) in runs.enumerated() { table[Int(run[0])].append(index) }
        return table.map { $0.sorted { runs[$0].count > runs[$1].count } }
    }()

    /// `json` with the runs it holds replaced, or nil when it holds a control byte already.
    static func compact(_ json: ArraySlice<UInt8>) -> [UInt8]? {
        json.withUnsafeBufferPointer { text -> [UInt8]? in
            var compact: [UInt8] = []
            compact.reserveCapacity(text.count / 3)
            var index = 0
            scanning: while index < text.count {
                let byte = text[index]
                guard byte >= 0x20 else { return nil }
                for run in runsByFirstByte[Int(byte)] where text.count - index >= runs[run].count {
                    let matches = runs[run].withUnsafeBufferPointer { pattern in
                        UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(text)[index..<index + pattern.count])
                            .elementsEqual(UnsafeRawBufferPointer(pattern))
                    }
                    if matches {
                        compact.append(UInt8(run + 1))
                        index += runs[run].count
                        continue scanning
                    }
                }
                compact.append(byte)
                index += 1
            }
            return compact
        }
    }
}
