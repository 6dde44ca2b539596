import Foundation

/// A zip archive of files stored as they are (no compression), as data exports are
/// downloaded: local headers, the files, the central directory. Each file's CRC-32 is the
/// standard one (polynomial 0xEDB88320).
///
/// The archive is kept as pieces to write one after another, each file's contents the array it
/// came in: an export's file can be tens of megabytes, and gathering the archive into one array
/// copied it twice more, each copy into fresh memory the system had to fault in.
struct ZipArchive {
    private var files: [[UInt8]] = []
    private var size = 0
    private var directory: [UInt8] = []
    private var count: UInt16 = 0

    mutating func add(_ name: String, _ contents: [UInt8]) {
        let nameBytes = Array(name.utf8)
        let crc = Self.crc32(contents)
        let offset = UInt32(size)
        var header: [UInt8] = []
        header.append(le32: 0x0403_4b50)
        header.append(le16: 20)  // version needed
        header.append(le16: 0x0800)  // names are UTF-8
        header.append(le16: 0)  // stored
        header.append(le16: 0)  // time
        header.append(le16: 0x21)  // date: 1980-01-01
        header.append(le32: crc)
        header.append(le32: UInt32(contents.count))
        header.append(le32: UInt32(contents.count))
        header.append(le16: UInt16(nameBytes.count))
        header.append(le16: 0)
        header += nameBytes
        files += [header, contents]
        size += header.count + contents.count

        directory.append(le32: 0x0201_4b50)
        directory.append(le16: 20)
        directory.append(le16: 20)
        directory.append(le16: 0x0800)
        directory.append(le16: 0)
        directory.append(le16: 0)
        directory.append(le16: 0x21)
        directory.append(le32: crc)
        directory.append(le32: UInt32(contents.count))
        directory.append(le32: UInt32(contents.count))
        directory.append(le16: UInt16(nameBytes.count))
        directory.append(le16: 0)  // extra
        directory.append(le16: 0)  // comment
        directory.append(le16: 0)  // disk
        directory.append(le16: 0)  // internal attributes
        directory.append(le32: 0)  // external attributes
        directory.append(le32: offset)
        directory += nameBytes
        count += 1
    }

    /// The whole archive, in pieces to write in this order.
    var pieces: [[UInt8]] {
        var end: [UInt8] = []
        end.append(le32: 0x0605_4b50)
        end.append(le16: 0)
        end.append(le16: 0)
        end.append(le16: count)
        end.append(le16: count)
        end.append(le32: UInt32(directory.count))
        end.append(le32: UInt32(size))
        end.append(le16: 0)
        return files + [directory, end]
    }

    private static let table: [UInt32] = (0..<256).map { index in
        (0..<8).reduce(UInt32(index)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        table.withUnsafeBufferPointer { table in
            var crc = ~UInt32(0)
            for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
            return ~crc
        }
    }
}

private extension [UInt8] {
    mutating func append(le16 value: UInt16) {
        append(UInt8(value & 0xFF))
        append(UInt8(value >> 8))
    }

    mutating func append(le32 value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }
}
