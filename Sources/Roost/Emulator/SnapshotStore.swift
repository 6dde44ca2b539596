import Foundation

/// The named snapshots of `/roost/snapshots`: one snapshot file each, `NAME.sqlite` in the
/// snapshots directory. A restore runs with requests kept out (`RestoreGate`), then has
/// what Roost keeps in memory read again.
struct SnapshotStore: Sendable {
    let directory: String
    let archive: SnapshotArchive
    let gate: RestoreGate
    /// Reads again what is kept in memory from the database (tokens, webhook settings).
    let reload: @Sendable () async throws -> Void

    struct Snapshot: Sendable, Encodable {
        let name: String
        let size: Int64
        let takenAt: Int64

        enum CodingKeys: String, CodingKey { case name, size, takenAt = "created_at" }
    }

    /// Saves the whole state under `name`, replacing a snapshot of that name.
    func save(named name: String) async throws -> Snapshot {
        let path = try self.path(of: name)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try await archive.write(to: path)
        return Self.describe(name, at: path)
    }

    /// Every snapshot, by name.
    func all() -> [Snapshot] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.sorted().compactMap { file in
            guard file.hasSuffix(".sqlite") else { return nil }
            let name = String(file.dropLast(".sqlite".count))
            guard Self.isValid(name), let path = try? path(of: name) else { return nil }
            return Self.describe(name, at: path)
        }
    }

    /// Puts the state back as the snapshot `name` holds it: requests before it see the old
    /// state, requests after it the restored one, none a mix.
    func restore(named name: String) async throws -> Snapshot {
        let snapshot = try existing(name)
        try await gate.exclusively {
            try await archive.load(from: try path(of: name))
            try await reload()
        }
        return snapshot
    }

    func delete(named name: String) throws {
        _ = try existing(name)
        try FileManager.default.removeItem(atPath: try path(of: name))
    }

    private func existing(_ name: String) throws -> Snapshot {
        let path = try self.path(of: name)
        guard FileManager.default.fileExists(atPath: path) else { throw APIError.notFound("snapshot \(name)") }
        return Self.describe(name, at: path)
    }

    /// Names are letters, digits, `.`, `_` and `-`, starting with a letter or digit: safe as file names.
    private func path(of name: String) throws(APIError) -> String {
        guard Self.isValid(name) else {
            throw .invalid("name", "Use 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit.")
        }
        return URL(fileURLWithPath: directory).appendingPathComponent("\(name).sqlite").path
    }

    private static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, (1...64).contains(name.count) else { return false }
        let allowed = { (c: Unicode.Scalar) in c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || "._-".unicodeScalars.contains(c)) }
        return first != "." && first != "_" && first != "-" && name.unicodeScalars.allSatisfy(allowed)
    }

    private static func describe(_ name: String, at path: String) -> Snapshot {
        let size = ((try? FileManager.default.attributesOfItem(atPath: path)[.size]) as? NSNumber)?.int64Value ?? 0
        return Snapshot(name: name, size: size, takenAt: SnapshotArchive.takenAt(path) ?? 0)
    }
}
