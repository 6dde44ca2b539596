import Foundation
import Testing

/// The folders of `Sources/Roost` depend on each other one way only: the kernel and the
/// database layer on no feature, features on the kernel, the database layer and the
/// features below them, and nothing on the composition root (`App`). A folder depends on
/// another when it names a type declared there, or a member an extension there declares
/// (such as an `APIError` case, or a method added to GRDB's `Database`).
@Suite struct ArchitectureTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/Roost")

    @Test func foldersDependOneWay() throws {
        let graph = try Self.dependencies()
        #expect(graph["Kernel", default: []].isEmpty, "the HTTP kernel uses \(graph["Kernel", default: []].sorted())")
        #expect(graph["Database", default: []].subtracting(["Kernel"]).isEmpty, "the database layer uses features")
        let usingApp = graph.filter { $0.value.contains("App") }.keys.sorted()
        #expect(usingApp.isEmpty, "only the composition root may know every feature, but \(usingApp) use it")
        #expect(Self.cycle(in: graph) == nil, "folders that depend on each other: \(Self.cycle(in: graph) ?? [])")
    }

    /// Only the database layer knows a storage engine: every repository and service reads and
    /// writes through Roost's own `Database` (`docs/storage.md`). Snapshots copy SQLite's one
    /// file, and are SQLite's alone.
    @Test func onlyTheDatabaseLayerKnowsTheEngine() throws {
        let allowed: Set<String> = ["Emulator/SnapshotArchive.swift"]
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.sources.path).filter { $0.hasSuffix(".swift") }
        var found: [String] = []
        for file in files where !file.hasPrefix("Database/") && !allowed.contains(file) {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            if text.contains(#/(?m)^import (?:GRDB|PostgresNIO)$/#) { found.append(file) }
        }
        #expect(found.isEmpty, "an engine imported outside the database layer: \(found.sorted())")
    }

    /// SQL lives in repositories (files named `…Repository.swift`), the database layer and
    /// `ChannelQuery`: a statement anywhere else fails this test.
    @Test func sqlLivesInRepositories() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.sources.path).filter { $0.hasSuffix(".swift") }
        let sql = #/sql:|"(?:SELECT|INSERT|UPDATE|DELETE|CREATE|DROP|ALTER|PRAGMA|WITH) |(?m)^\s*(?:SELECT|INSERT INTO|UPDATE|DELETE FROM) /#
        var outside: [String] = []
        for file in files where !file.hasSuffix("Repository.swift") && !file.hasPrefix("Database/") && !file.hasSuffix("/ChannelQuery.swift") {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            if text.contains(sql) { outside.append(file) }
        }
        #expect(outside.isEmpty, "SQL outside repositories: \(outside.sorted())")
    }

    /// Every route is registered with a named handler (`group.get(":id", use: poll)`), as
    /// hummingbird-examples' controllers do. The console's two guards (`page`, `action`), which
    /// check the session around a named page or action, are the only closures.
    @Test func routesHaveNamedHandlers() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.sources.path).filter { $0.hasSuffix(".swift") }
        let anonymous = #/\.(?:get|post|put|delete|patch|head)(?:\([^\n]*\))? \{ *(?:\w+|_) *, *(?:\w+|_) *(?:-> *[\w.]+ *)?in|(?:page|action)\(\w+, "[^"]*"\) \{/#
        var found: [String] = []
        for file in files {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            let count = text.matches(of: anonymous).count - (file == "Console/ConsoleRoutes.swift" ? 2 : 0)
            if count > 0 { found.append("\(file): \(count)") }
        }
        #expect(found.isEmpty, "routes registered with a closure: \(found.sorted())")
    }

    /// One way to write a record's JSON: synthesized from its stored properties, or as a
    /// `JSONObject`'s list of fields. Keyed containers are filled by hand only in the kernel.
    @Test func recordsWriteJSONOneWay() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.sources.path).filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Kernel/") }
        var found: [String] = []
        for file in files {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            if text.contains("encoder.container(keyedBy:") { found.append(file) }
        }
        #expect(found.isEmpty, "JSON written through a keyed container by hand: \(found.sorted())")
    }

    /// Types that write their own JSON (`JSONObject`, file and type) instead of synthesized
    /// `Codable`: the hot ones, each with the measurement that justified it. An answer that adds
    /// fields to a hot one's object encodes the two parts into one encoder (`MutedUser`). A new
    /// hand writer fails this test, and so does a listed one that is gone, so the list stays true.
    static let handWriters: [String: String] = [
        "Messages/Message.swift Message": Self.historyPage,
        "Messages/Message.swift MessageUser": Self.historyPage,
        "Messages/Message.swift ParentInfo": Self.historyPage,
        "Messages/MessageRoutes.swift MessageList": Self.historyPage,
        "GroupChannels/GroupChannel.swift GroupChannel": Self.historyPage,
        "GroupChannels/GroupChannelResponses.swift ChannelList": Self.historyPage,
        "GroupChannels/ChannelMember.swift ChannelMember": Self.historyPage,
        "Users/EmbeddedUser.swift EmbeddedUser": Self.historyPage,
    ]
    static let historyPage = "b6921c2: JSON output fell from 16.6% to 13.2% of a history page's profile"

    @Test func handWrittenJSONIsOnTheList() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.sources.path).filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Kernel/") }
        let declaration = #/(?m)^\s*(?:(?:private|fileprivate)\s+)?(?:struct|extension|class|enum)\s+([\w.]+)[^{\n]*\bJSONObject\b/#
        var found: Set<String> = []
        for file in files {
            let text = try String(contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: declaration) { found.insert("\(file) \(match.1)") }
        }
        let listed = Set(Self.handWriters.keys)
        #expect(found.subtracting(listed).isEmpty, "JSON written by hand, not on the list: \(found.subtracting(listed).sorted())")
        #expect(listed.subtracting(found).isEmpty, "listed, but no longer a hand writer: \(listed.subtracting(found).sorted())")
    }

    /// The console reads the API's answers and writes its requests through its own typed
    /// wire types (`ConsoleAnswers`, `ConsoleRequests`), never by looking up untyped JSON.
    @Test func theConsoleReadsTypedAnswers() throws {
        let folder = Self.sources.appendingPathComponent("Console")
        var found: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            if text.contains("AnyJSON") { found.append(file) }
        }
        #expect(found.isEmpty, "untyped JSON in the console: \(found.sorted())")
    }

    /// Folder → the folders whose declarations it names.
    static func dependencies() throws -> [String: Set<String>] {
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
        var declaredIn: [String: String] = [:]
        var code: [(folder: String, text: String)] = []
        var extensionMembers: [String: String] = [:]
        var declarations: [String: Int] = [:]
        for file in files {
            let folder = String(file.split(separator: "/")[0])
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: #/(?m)^(?:public |final |indirect )*(?:struct|enum|class|protocol|typealias|actor) ([A-Z]\w*)/#) {
                declaredIn[String(match.1)] = folder
            }
            for block in text.matches(of: #/(?ms)^extension ([\w.]+)[^{\n]*\{(.*?)^\}/#) {
                for member in block.2.matches(of: #/(?m)^    (?:public |static |mutating |@discardableResult )*(?:func|var|let) (\w+)/#) {
                    // An error's name always means that error: `throw .missing(…)`.
                    if block.1 == "APIError" { declaredIn["." + member.1] = folder } else { extensionMembers[String(member.1)] = folder }
                }
            }
            for name in text.matches(of: #/\b(?:func|var|let|case) (\w+)/#) { declarations[String(name.1), default: 0] += 1 }
            code.append((folder, strippingCommentsAndStrings(text)))
        }
        // Only a name declared once in all the sources says which declaration a use means
        // (`.now` may be any clock's, `.delete` any repository's).
        for (name, folder) in extensionMembers where declarations[name] == 1 && declaredIn["." + name] == nil {
            declaredIn["." + name] = folder
        }
        var graph: [String: Set<String>] = [:]
        for (folder, text) in code {
            graph[folder, default: []].formUnion([])
            for word in text.matches(of: #/\b[A-Z]\w*\b/#) {
                if let other = declaredIn[String(word.0)], other != folder { graph[folder, default: []].insert(other) }
            }
            for member in text.matches(of: #/\.(\w+)\b/#) {
                if let other = declaredIn["." + member.1], other != folder { graph[folder, default: []].insert(other) }
            }
        }
        return graph
    }

    static func strippingCommentsAndStrings(_ text: String) -> String {
        text.replacing(#/(?s)""".*?"""/#, with: "\"\"")
            .replacing(#/"(?:[^"\\\n]|\\.)*"/#, with: "\"\"")
            .replacing(#///[^\n]*/#, with: "")
    }

    /// A chain of folders that leads back to its start, if there is one.
    static func cycle(in graph: [String: Set<String>]) -> [String]? {
        var finished = Set<String>()
        func visit(_ folder: String, path: [String]) -> [String]? {
            if let start = path.firstIndex(of: folder) { return Array(path[start...]) + [folder] }
            guard !finished.contains(folder) else { return nil }
            for next in graph[folder, default: []].sorted() {
                if let found = visit(next, path: path + [folder]) { return found }
            }
            finished.insert(folder)
            return nil
        }
        for folder in graph.keys.sorted() {
            if let found = visit(folder, path: []) { return found }
        }
        return nil
    }
}
