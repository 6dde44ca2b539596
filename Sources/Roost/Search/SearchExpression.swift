/// A search term as the user wrote it, parsed into a boolean expression. The leaves are
/// words, which may hold wildcards (`?` one character, `*` any run) or end in `~` (fuzzy).
indirect enum SearchExpression: Equatable, Sendable {
    case term(String, fuzzy: Bool)
    case and(SearchExpression, SearchExpression)
    case or(SearchExpression, SearchExpression)

    var hasWildcard: Bool {
        if case .term(let word, _) = self { return word.contains("*") || word.contains("?") }
        return false
    }
}

/// Parses Sendbird's advanced query syntax: words with `*`, `?` and a trailing `~`, joined
/// by `AND` (also implied between neighbouring words) and `OR`, grouped with parentheses.
struct AdvancedQueryParser {
    private var tokens: [String]
    private var position = 0
    private var depth = 0

    /// How deeply parentheses may nest; deeper queries are refused rather than parsed.
    static let maxDepth = 16

    private init(_ query: String) {
        var tokens: [String] = []
        var word = ""
        for character in query {
            if character == "(" || character == ")" || character.isWhitespace {
                if !word.isEmpty { tokens.append(word) }
                word = ""
                if !character.isWhitespace { tokens.append(String(character)) }
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { tokens.append(word) }
        self.tokens = tokens
    }

    /// Parses a whole query.
    static func parse(_ query: String) throws(APIError) -> SearchExpression {
        var parser = AdvancedQueryParser(query)
        return try parser.parseAll()
    }

    private mutating func parseAll() throws(APIError) -> SearchExpression {
        let expression = try parseOr()
        guard position == tokens.count else { throw Self.malformed }
        return expression
    }

    private mutating func parseOr() throws(APIError) -> SearchExpression {
        var expression = try parseAnd()
        while peek == "OR" {
            position += 1
            expression = .or(expression, try parseAnd())
        }
        return expression
    }

    private mutating func parseAnd() throws(APIError) -> SearchExpression {
        var expression = try parsePrimary()
        while let next = peek, next != "OR", next != ")" {
            if next == "AND" { position += 1 }
            expression = .and(expression, try parsePrimary())
        }
        return expression
    }

    private mutating func parsePrimary() throws(APIError) -> SearchExpression {
        guard let token = peek, token != ")", token != "AND", token != "OR" else { throw Self.malformed }
        position += 1
        if token == "(" {
            depth += 1
            defer { depth -= 1 }
            guard depth <= Self.maxDepth else { throw Self.malformed }
            let inner = try parseOr()
            guard peek == ")" else { throw Self.malformed }
            position += 1
            return inner
        }
        let fuzzy = token.hasSuffix("~")
        let word = Self.normalized(fuzzy ? String(token.dropLast()) : token)
        guard !word.isEmpty, word.contains(where: { $0 != "*" && $0 != "?" }) else { throw Self.malformed }
        return .term(word, fuzzy: fuzzy)
    }

    private var peek: String? { position < tokens.count ? tokens[position] : nil }

    /// Words are folded as the index folds them (`SearchWords`), without punctuation; wildcards stay.
    static func normalized(_ word: String) -> String {
        let kept = word.unicodeScalars.filter { SearchWords.isPartOfWord($0) || $0 == "*" || $0 == "?" }
        return SearchWords.fold(String(String.UnicodeScalarView(kept)))
    }

    private static let malformed = APIError.invalid("query", "The advanced query is not well formed.")
}

/// Levenshtein distance, for fuzzy terms.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
