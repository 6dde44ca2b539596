import Foundation
import Hummingbird
import MultipartKit

/// Uploaded files: kept on disk under the uploads directory and served back at
/// `{base URL}/files/{application_id}/{file_id}/{name}`.
struct FileStorage: Sendable {
    let directory: String
    let baseURL: String
    let applicationID: String
    let random: RandomTokens

    /// A stored upload, described as a file message describes its file.
    struct StoredFile: Sendable {
        let url: String
        let name: String
        let type: String
        let size: Int64
    }

    /// A new file's folder name.
    func newFileID() -> String {
        random.hex(bytes: 16)
    }

    func store(_ part: MultipartPart, context: RoostContext) async throws -> StoredFile {
        let name = Self.filename(of: part) ?? "file"
        let fileID = newFileID()
        let storedName = Self.safeName(name)
        let folder = URL(fileURLWithPath: directory).appendingPathComponent(fileID)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try await FileIO().writeFile(buffer: part.body, path: folder.appendingPathComponent(storedName).path, context: context)
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw StorageHealth.refusal(for: error) ?? error
        }
        return StoredFile(
            url: "\(baseURL)/files/\(applicationID)/\(fileID)/\(storedName)",
            name: name,
            type: part.headers.first(name: "Content-Type") ?? "application/octet-stream",
            size: Int64(part.body.readableBytes)
        )
    }

    /// Stores a file Roost made (an export, a GDPR access file), `pieces` written one after
    /// another, under `fileID` (hex), replacing what was there; written under a temporary name
    /// and renamed, so it is never seen half written.
    func store(_ pieces: [[UInt8]], name: String, type: String, fileID: String) throws -> StoredFile {
        let storedName = Self.safeName(name)
        let folder = URL(fileURLWithPath: directory).appendingPathComponent(fileID)
        let path = folder.appendingPathComponent(storedName).path
        let temporaryPath = folder.appendingPathComponent(".\(storedName).partial").path
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: temporaryPath, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
            let file = try FileHandle(forWritingTo: URL(fileURLWithPath: temporaryPath))
            do {
                for piece in pieces { try file.write(contentsOf: piece) }
                try file.close()
            } catch {
                try? file.close()
                throw error
            }
            guard rename(temporaryPath, path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            try? FileManager.default.removeItem(at: folder)
            throw StorageHealth.refusal(for: error) ?? error
        }
        return StoredFile(
            url: "\(baseURL)/files/\(applicationID)/\(fileID)/\(storedName)", name: name, type: type,
            size: Int64(pieces.reduce(0) { $0 + $1.count })
        )
    }

    /// The bytes of a stored file named by its URL, if it is one of ours and still there.
    func contents(of url: String) -> Data? {
        let parts = url.split(separator: "/").suffix(2).map(String.init)
        guard parts.count == 2, let path = path(applicationID: applicationID, fileID: parts[0], name: parts[1]) else { return nil }
        return FileManager.default.contents(atPath: path)
    }

    /// Deletes a stored file named by its URL.
    func remove(url: String) {
        let parts = url.split(separator: "/").suffix(2).map(String.init)
        guard parts.count == 2 else { return }
        remove(fileID: parts[0])
    }

    /// Deletes a file uploaded to Roost, named by its URL; a URL of anywhere else (a file
    /// message may name any URL) deletes nothing, even one whose last parts look like ours.
    func removeUpload(url: String) {
        guard url.hasPrefix("\(baseURL)/files/\(applicationID)/") else { return }
        remove(url: url)
    }

    /// Deletes what is stored under a file id.
    func remove(fileID: String) {
        guard fileID.allSatisfy(\.isHexDigit), !fileID.isEmpty else { return }
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: directory).appendingPathComponent(fileID))
    }

    /// Deletes every stored file (a reset of the application).
    func removeAll() {
        let root = URL(fileURLWithPath: directory)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where name.allSatisfy(\.isHexDigit) {
            try? FileManager.default.removeItem(at: root.appendingPathComponent(name))
        }
    }

    /// Every stored file, by its path under the uploads directory (`file_id/name`), for a snapshot.
    func everyFile() throws -> [(path: String, contents: Data)] {
        let root = URL(fileURLWithPath: directory)
        var found: [(path: String, contents: Data)] = []
        for folder in ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted() where folder.allSatisfy(\.isHexDigit) {
            for name in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path).sorted() {
                found.append(("\(folder)/\(name)", try Data(contentsOf: root.appendingPathComponent(folder).appendingPathComponent(name))))
            }
        }
        return found
    }

    /// Replaces every stored file with a snapshot's; paths that do not name a stored file are skipped.
    func replaceAll(with stored: [(path: String, contents: Data)]) throws {
        removeAll()
        for file in stored {
            let parts = file.path.split(separator: "/").map(String.init)
            guard parts.count == 2, let path = path(applicationID: applicationID, fileID: parts[0], name: parts[1]) else { continue }
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: directory).appendingPathComponent(parts[0]), withIntermediateDirectories: true
            )
            try file.contents.write(to: URL(fileURLWithPath: path))
        }
    }

    /// Drops a stored file again (its message was not sent).
    func remove(_ file: StoredFile) {
        remove(url: file.url)
    }

    /// The path of a stored file, or nil when the URL does not name one.
    func path(applicationID: String, fileID: String, name: String) -> String? {
        guard applicationID == self.applicationID,
            fileID.allSatisfy(\.isHexDigit), !fileID.isEmpty, name == Self.safeName(name)
        else { return nil }
        return URL(fileURLWithPath: directory).appendingPathComponent(fileID).appendingPathComponent(name).path
    }

    /// The `filename` parameter of the part's Content-Disposition header.
    static func filename(of part: MultipartPart) -> String? {
        guard let disposition = part.headers.first(name: "Content-Disposition") else { return nil }
        for parameter in disposition.split(separator: ";") {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "filename" {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }

    /// Letters, digits, `.`, `_` and `-` only, so stored names are safe on disk and in URLs.
    static func safeName(_ name: String) -> String {
        let kept = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) ? $0 : "_" })
        return kept.isEmpty || kept.allSatisfy({ $0 == "." }) ? "file" : kept
    }
}
