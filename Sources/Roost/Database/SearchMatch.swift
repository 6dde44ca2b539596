/// What a message search matches, over the index's terms (`SearchWords`), written in each
/// engine's query language: an FTS5 expression on SQLite, a text search query (`tsquery`) on
/// PostgreSQL. Both index a message's terms with their positions, so each form matches the
/// same messages on both.
indirect enum SearchMatch: Sendable, Equatable {
    /// One term, or (`prefix`) every term that starts with it.
    case term(String, prefix: Bool)
    /// The terms one after another.
    case phrase([String])
    case all([SearchMatch])
    case any([SearchMatch])

    /// The match in `dialect`'s query language, bound as one argument.
    func text(for dialect: Dialect) -> String {
        switch (self, dialect) {
        case (.term(let term, let prefix), .sqlite): "\"\(Self.fts5Quoted(term))\"" + (prefix ? "*" : "")
        case (.term(let term, let prefix), .postgres): Self.lexeme(term) + (prefix ? ":*" : "")
        case (.phrase(let terms), .sqlite): "\"\(terms.map(Self.fts5Quoted).joined(separator: " "))\""
        case (.phrase(let terms), .postgres): "(" + terms.map(Self.lexeme).joined(separator: " <-> ") + ")"
        case (.all(let parts), _): Self.joined(parts, dialect == .sqlite ? " AND " : " & ", dialect)
        case (.any(let parts), _): Self.joined(parts, dialect == .sqlite ? " OR " : " | ", dialect)
        }
    }

    private static func joined(_ parts: [SearchMatch], _ separator: String, _ dialect: Dialect) -> String {
        "(" + parts.map { $0.text(for: dialect) }.joined(separator: separator) + ")"
    }

    private static func fts5Quoted(_ term: String) -> String {
        term.replacingOccurrences(of: "\"", with: "\"\"")
    }

    /// A term as a quoted lexeme of PostgreSQL's `tsvector` and `tsquery` syntax, which takes
    /// it as written (no parser, no dictionary: the terms were folded by `SearchWords`).
    static func lexeme(_ term: String) -> String {
        "'" + term.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// PostgreSQL's `tsvector` of a message's terms, each at its position (from 1) in the text.
    /// PostgreSQL takes no lexeme of 2 KB or more, and no `tsvector` of 1 MB: a word that long is
    /// left out of the index, and so are the words past the first 512 KB of terms.
    static func postgresDocument(_ terms: [String]) -> String {
        var document = ""
        for (position, term) in terms.enumerated() where term.utf8.count < maxLexemeBytes {
            let entry = "\(lexeme(term)):\(min(position + 1, maxPosition))"
            guard document.utf8.count + entry.utf8.count < maxDocumentBytes else { break }
            document += document.isEmpty ? entry : " " + entry
        }
        return document
    }

    private static let maxLexemeBytes = 2_046
    private static let maxDocumentBytes = 512 << 10
    /// The largest position a `tsvector` holds; later words share it.
    private static let maxPosition = 16_383
}
