/// JSON text written into a response as it is: what a report keeps of the user, message
/// and channel it concerns, stored as the JSON they were answered with at the time.
struct RawJSON: Encodable {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    func encode(to encoder: any Encoder) throws {
        guard let streaming = encoder as? ValueEncoder else {
            throw EncodingError.invalidValue(
                text, .init(codingPath: encoder.codingPath, debugDescription: "Raw JSON is written by the server's own encoder only.")
            )
        }
        streaming.beginSingle()
        streaming.output.raw(json: text)
    }
}
