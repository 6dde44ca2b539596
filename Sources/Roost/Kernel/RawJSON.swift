/// JSON text written into a response as it is: what a report keeps of the user, message
/// and channel it concerns, stored as the JSON they were answered with at the time.
struct RawJSON: Encodable {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    func encode(to encoder: any Encoder) throws {
        try ValueEncoder.rawOutput(of: encoder, for: text).raw(json: text)
    }
}
