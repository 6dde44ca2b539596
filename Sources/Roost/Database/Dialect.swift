/// The few pieces of SQL the engines spell differently (`docs/storage.md`), each written once
/// here; every other statement is one text for both.
enum Dialect: Sendable {
    case sqlite
    case postgres

    /// `column` starts with a prefix, case-sensitively, in a way an index on the column serves;
    /// its argument is `prefixArgument`.
    func startsWith(_ column: String) -> String {
        switch self {
        case .sqlite: "\(column) GLOB ?"
        case .postgres: "\(column) LIKE ? ESCAPE '\\'"
        }
    }

    /// The argument of `startsWith` for `prefix`.
    func prefixArgument(_ prefix: String) -> String {
        switch self {
        case .sqlite: SQL.globPrefix(prefix)
        case .postgres: SQL.likePrefix(prefix)
        }
    }

    /// `LIKE` as SQLite's: blind to the case of ASCII letters (PostgreSQL's `ILIKE` is blind to
    /// the case of every letter).
    var likeIgnoringCase: String {
        switch self {
        case .sqlite: "LIKE"
        case .postgres: "ILIKE"
        }
    }

    /// The text at `path` (keys from the top) inside the JSON text of `column`.
    func jsonText(_ column: String, at path: [String]) -> String {
        switch self {
        case .sqlite: "json_extract(\(column), '$.\(path.joined(separator: "."))')"
        case .postgres: "(\(column)::jsonb #>> '{\(path.joined(separator: ","))}')"
        }
    }

    /// The JSON text of `column` holds the string its argument gives, quoted as JSON quotes it.
    func holdsJSONString(_ column: String) -> String {
        switch self {
        case .sqlite: "instr(\(column), json_quote(?)) > 0"
        case .postgres: "strpos(\(column), to_json(?::text)::text) > 0"
        }
    }

    /// An index to use, where the engine takes the hint (SQLite's planner chose worse without it).
    func indexedBy(_ index: String) -> String {
        switch self {
        case .sqlite: "INDEXED BY \(index)"
        case .postgres: ""
        }
    }
}

extension Database {
    var dialect: Dialect {
        switch engine {
        case .sqlite: .sqlite
        case .postgres: .postgres
        }
    }
}
