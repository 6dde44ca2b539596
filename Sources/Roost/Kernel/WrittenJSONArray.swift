import Hummingbird

/// Values written as JSON once and answered as they are, as an array: a page of messages
/// kept between reads is written again as a copy of its bytes.
struct WrittenJSONArray: Encodable, Sendable {
    /// Each value's JSON text. They share the storage of the bytes they were written into.
    let items: [ArraySlice<UInt8>]

    init(_ items: [ArraySlice<UInt8>]) {
        self.items = items
    }

    /// Writes each value, in order, into one run of bytes.
    init(writing values: [some Encodable]) throws {
        let output = JSONOutput()
        var ends: [Int] = []
        ends.reserveCapacity(values.count)
        for value in values {
            try output.encode(value)
            ends.append(output.length)
        }
        let bytes = output.bytes
        var start = 0
        items = ends.map { end in
            defer { start = end }
            return bytes[start..<end]
        }
    }

    var byteCount: Int {
        items.reduce(0) { $0 + $1.count }
    }

    func encode(to encoder: any Encoder) throws {
        guard let streaming = encoder as? ValueEncoder else {
            throw EncodingError.invalidValue(
                items, .init(codingPath: encoder.codingPath, debugDescription: "Written JSON is written by the server's own encoder only.")
            )
        }
        streaming.beginSingle()
        let output = streaming.output
        output.raw("[")
        for (index, item) in items.enumerated() {
            if index > 0 { output.raw(",") }
            output.raw(bytes: item)
        }
        output.raw("]")
    }
}

/// One value written as JSON once and answered as it is: a channel view kept between reads.
struct WrittenJSON: ResponseEncodable, Sendable {
    let bytes: ArraySlice<UInt8>

    init(writing value: some Encodable) throws {
        bytes = try WrittenJSONArray(writing: [value]).items[0]
    }

    func encode(to encoder: any Encoder) throws {
        guard let streaming = encoder as? ValueEncoder else {
            throw EncodingError.invalidValue(
                bytes, .init(codingPath: encoder.codingPath, debugDescription: "Written JSON is written by the server's own encoder only.")
            )
        }
        streaming.beginSingle()
        streaming.output.raw(bytes: bytes)
    }
}
