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

    /// `column` matches a pattern with wildcards (`*` any run, `?` one character), given as
    /// `wildcardArgument`, case-sensitively.
    func matchesWildcards(_ column: String) -> String {
        switch self {
        case .sqlite: "\(column) GLOB ?"
        case .postgres: "\(column) LIKE ? ESCAPE '\\'"
        }
    }

    /// The argument of `matchesWildcards` for `pattern`. (SQLite's `GLOB` takes `[` as a set;
    /// search words hold no `[`.)
    func wildcardArgument(_ pattern: String) -> String {
        switch self {
        case .sqlite:
            return pattern
        case .postgres:
            var like = ""
            for character in pattern {
                switch character {
                case "*": like += "%"
                case "?": like += "_"
                case "%", "_", "\\": like += "\\\(character)"
                default: like.append(character)
                }
            }
            return like
        }
    }

    /// The search index holds a message whose terms meet a `SearchMatch` (its text the argument).
    var searchMatches: String {
        switch self {
        case .sqlite: "message_search MATCH ?"
        case .postgres: "message_search.terms @@ CAST(? AS tsquery)"
        }
    }

    /// How well a message meets the search's match, as an `ORDER BY` term with its arguments,
    /// the best first or last: FTS5's BM25 `rank` (lower is better) on SQLite, `ts_rank` over
    /// the index's terms on PostgreSQL, divided by one more than the log of the message's length
    /// as BM25 favours shorter messages.
    func searchScore(_ match: String, bestFirst: Bool) -> (sql: String, arguments: StatementArguments) {
        switch self {
        case .sqlite: (bestFirst ? "rank" : "rank DESC", [])
        case .postgres: ("ts_rank(message_search.terms, CAST(? AS tsquery), 1)" + (bestFirst ? " DESC" : ""), [match])
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

    /// The rows of `SQL.JSONRows` bound at `placeholder`, as a table to select from or join:
    /// `position` (each row's place, from 0), then one column a cell, named and typed as given.
    func rows(ofJSON columns: KeyValuePairs<String, SQL.ColumnType>, from placeholder: String) -> String {
        switch self {
        case .sqlite:
            let cells = columns.enumerated().map { "json_extract(value, '$[\($0.offset)]') AS \($0.element.key)" }
            return "(SELECT key AS position, \(cells.joined(separator: ", ")) FROM json_each(\(placeholder)))"
        case .postgres:
            let cells = columns.enumerated().map { index, column in
                "CAST(item ->> \(index) AS \(column.value == .integer ? "bigint" : "text")) AS \(column.key)"
            }
            return """
                (SELECT position - 1 AS position, \(cells.joined(separator: ", "))
                 FROM jsonb_array_elements(CAST(\(placeholder) AS jsonb)) WITH ORDINALITY AS items (item, position))
                """
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

/// A statement's text that holds a piece of `Dialect`, written once for each engine.
struct DialectText: Sendable {
    private let sqlite: String
    private let postgres: String

    init(_ make: (Dialect) -> String) {
        sqlite = make(.sqlite)
        postgres = make(.postgres)
    }

    subscript(_ dialect: Dialect) -> String {
        switch dialect {
        case .sqlite: sqlite
        case .postgres: postgres
        }
    }
}
