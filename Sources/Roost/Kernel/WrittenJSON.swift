import Hummingbird

/// Values written as JSON once and answered as they are, as an array: a page of messages
/// kept between reads is written again as a copy of its bytes.
struct WrittenJSONArray: Encodable, Sendable {
    /// Each value's JSON text. They share the storage of the bytes they were written into.
    let items: [ArraySlice<UInt8>]
    /// Whether the items are kept compact (`CompactJSON`).
    let isCompact: Bool

    init(_ items: [ArraySlice<UInt8>], isCompact: Bool = false) {
        self.items = items
        self.isCompact = isCompact
    }

    /// Writes each value, in order, into one run of bytes.
    init(writing values: [some Encodable]) throws {
        try self.init(writingEach: values.map { value in { try $0.encode(value) } })
    }

    /// Writes each item with its own writer, in order, into one run of bytes: items need not
    /// be whole JSON values (`JSONFields.writeFields` writes an object's fields without braces).
    init(writingEach writers: [(JSONOutput) throws -> Void]) throws {
        let output = JSONOutput()
        var ends: [Int] = []
        ends.reserveCapacity(writers.count)
        for write in writers {
            try write(output)
            ends.append(output.length)
        }
        items = Self.split(output.bytes, at: ends)
        isCompact = false
    }

    private static func split(_ bytes: [UInt8], at ends: [Int]) -> [ArraySlice<UInt8>] {
        var start = 0
        return ends.map { end in
            defer { start = end }
            return bytes[start..<end]
        }
    }

    /// The same values kept compact, in one run of bytes, for keeping in memory; as they are
    /// when one holds a byte that compact JSON stands for.
    func compacted() -> WrittenJSONArray {
        guard !isCompact else { return self }
        var compacts: [[UInt8]] = []
        compacts.reserveCapacity(items.count)
        for item in items {
            guard let compact = CompactJSON.compact(item) else { return self }
            compacts.append(compact)
        }
        // Exactly as large as it holds: kept for long, and counted against a budget.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(compacts.reduce(0) { $0 + $1.count })
        var ends: [Int] = []
        ends.reserveCapacity(items.count)
        for compact in compacts {
            bytes += compact
            ends.append(bytes.count)
        }
        return WrittenJSONArray(Self.split(bytes, at: ends), isCompact: true)
    }

    var byteCount: Int {
        items.reduce(0) { $0 + $1.count }
    }

    func encode(to encoder: any Encoder) throws {
        let output = try ValueEncoder.rawOutput(of: encoder, for: items)
        output.raw("[")
        for (index, item) in items.enumerated() {
            if index > 0 { output.raw(",") }
            write(item, to: output)
        }
        output.raw("]")
    }

    /// One of the items, written out in full.
    fileprivate func write(_ item: ArraySlice<UInt8>, to output: JSONOutput) {
        if isCompact { output.raw(compact: item) } else { output.raw(bytes: item) }
    }

    /// The item at `index`, written out in full.
    func write(itemAt index: Int, to output: JSONOutput) {
        write(items[index], to: output)
    }
}

/// One value written as JSON once and answered as it is: a channel view kept between reads.
struct WrittenJSON: ResponseEncodable, Sendable {
    private let written: WrittenJSONArray

    init(writing value: some Encodable) throws {
        written = try WrittenJSONArray(writing: [value])
    }

    private init(_ written: WrittenJSONArray) {
        self.written = written
    }

    var bytes: ArraySlice<UInt8> { written.items[0] }

    /// The same value kept compact (`CompactJSON`), for keeping in memory.
    func compacted() -> WrittenJSON {
        WrittenJSON(written.compacted())
    }

    func encode(to encoder: any Encoder) throws {
        written.write(bytes, to: try ValueEncoder.rawOutput(of: encoder, for: bytes))
    }
}
