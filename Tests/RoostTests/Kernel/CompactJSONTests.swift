import Testing

@testable import Roost

/// JSON kept compact is written out as the very bytes it was.
@Suite struct CompactJSONTests {
    private func roundTrip(_ text: String) -> String? {
        guard let compact = CompactJSON.compact(ArraySlice(Array(text.utf8))) else { return nil }
        let output = JSONOutput()
        output.raw(compact: compact[...])
        return String(decoding: output.bytes, as: UTF8.self)
    }

    @Test func everyRunComesBackAsItWas() {
        let message = #"{"message_id":7,"type":"MESG","message":"hi ☃ \"quoted\" \n","custom_type":"","data":"","created_at":1,"updated_at":0,"channel_url":"c","channel_type":"group","user":{"user_id":"u","nickname":"U","profile_url":"","metadata":{},"require_auth_for_profile_image":false,"role":"","is_active":true},"mention_type":"users","mentioned_users":[],"is_removed":false,"silent":false,"is_op_msg":false,"message_survival_seconds":-1,"translations":{},"parent_message_id":0,"is_reply_to_channel":false,"req_id":"","require_auth":false,"message_retention_hour":-1}"#
        #expect(roundTrip(message) == message)
        let compact = CompactJSON.compact(ArraySlice(Array(message.utf8)))
        #expect((compact?.count ?? .max) < message.utf8.count / 3)
        // Every run, alone, between others and cut short.
        for run in CompactJSON.runs.map({ String(decoding: $0, as: UTF8.self) }) {
            for text in [run, run + run, "x" + run + "y", String(run.dropLast())] {
                #expect(roundTrip(text) == text)
            }
        }
    }

    @Test func textWithAControlByteIsNotMadeCompact() {
        #expect(CompactJSON.compact(ArraySlice([0x7B, 0x01, 0x7D])) == nil)
    }
}
