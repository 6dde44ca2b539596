import NIOCore

/// The forms MultipartKit 4.7.1 (the newest the package mirror has) stops the whole process on
/// instead of throwing, found by fuzzing: one such request took the server down. They are
/// refused before the parser sees them.
/// - An empty boundary fails the parser's precondition.
/// - A byte of 0x80 or more in a part's header name indexes past its table of 128 entries.
enum FormPrecheck {
    private static let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n"), colon = UInt8(ascii: ":")

    /// Whether MultipartKit's parser would stop the process on this form.
    static func wouldStopParser(_ bytes: ByteBuffer, boundary: String) -> Bool {
        boundary.isEmpty || headerNamesHoldNonASCII(bytes, boundary: boundary)
    }

    /// Whether a header name in any part holds a byte outside ASCII. Every `--boundary`
    /// followed by a line break, overlapping ones too, is taken as the start of a part's
    /// headers: the parser starts headers at fewer places than that (never inside a part's
    /// body), so nothing it would read is missed.
    private static func headerNamesHoldNonASCII(_ bytes: ByteBuffer, boundary: String) -> Bool {
        let delimiter = Array("--\(boundary)".utf8)
        return bytes.withUnsafeReadableBytes { body in
            var searchFrom = 0
            while let start = firstIndex(of: delimiter, in: body, from: searchFrom) {
                if headersHoldNonASCIIName(in: body, from: start + delimiter.count) { return true }
                searchFrom = start + 1
            }
            return false
        }
    }

    /// Reads the header lines that follow a delimiter (a line break, then `name: value` lines
    /// up to an empty one), looking at the names only: values may be UTF-8, as file names are.
    private static func headersHoldNonASCIIName(in body: UnsafeRawBufferPointer, from index: Int) -> Bool {
        guard index + 1 < body.count, body[index] == cr, body[index + 1] == lf else { return false }
        var position = index + 2
        while position < body.count, body[position] != cr {
            while position < body.count, body[position] != colon, body[position] != cr {
                if body[position] >= 0x80 { return true }
                position += 1
            }
            // The value, then its line break.
            while position < body.count, body[position] != cr { position += 1 }
            position += 2
        }
        return false
    }

    private static func firstIndex(of pattern: [UInt8], in body: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let first = pattern.first, pattern.count <= body.count else { return nil }
        var index = start
        while index + pattern.count <= body.count {
            guard let candidate = body[index...(body.count - pattern.count)].firstIndex(of: first) else { return nil }
            if body[candidate..<(candidate + pattern.count)].elementsEqual(pattern) { return candidate }
            index = candidate + 1
        }
        return nil
    }
}
