import Foundation

/// SQL text as PostgreSQL takes it: one statement a query, and numbered placeholders (`$1`)
/// where Roost's statements (written for both engines, as SQLite reads them) say `?` or `:name`.
enum SQLScript {
    /// A stretch of SQL text: code, or what code's characters mean nothing in (quoted text,
    /// quoted names, dollar-quoted bodies, comments).
    private enum Piece {
        case code(String.UnicodeScalarView)
        case quoted(String.UnicodeScalarView)
        case comment
    }

    private static func pieces(of sql: String) -> [Piece] {
        let text = Array(sql.unicodeScalars)
        var pieces: [Piece] = []
        var code = String.UnicodeScalarView()
        var index = 0
        func starts(_ prefix: String, at position: Int) -> Bool {
            let scalars = Array(prefix.unicodeScalars)
            return position + scalars.count <= text.count && Array(text[position..<position + scalars.count]) == scalars
        }
        func take(_ piece: Piece) {
            if !code.isEmpty { pieces.append(.code(code)) }
            code = String.UnicodeScalarView()
            pieces.append(piece)
        }
        while index < text.count {
            let scalar = text[index]
            if starts("--", at: index) {
                while index < text.count, text[index] != "\n" { index += 1 }
                take(.comment)
            } else if starts("/*", at: index) {
                index += 2
                while index < text.count, !starts("*/", at: index) { index += 1 }
                index = min(index + 2, text.count)
                take(.comment)
            } else if scalar == "'" || scalar == "\"" {
                // A quote doubled inside stands for itself.
                var quoted = String.UnicodeScalarView([scalar])
                index += 1
                while index < text.count {
                    quoted.append(text[index])
                    index += 1
                    guard text[index - 1] == scalar else { continue }
                    guard index < text.count, text[index] == scalar else { break }
                    quoted.append(text[index])
                    index += 1
                }
                take(.quoted(quoted))
            } else if scalar == "$", let end = text[(index + 1)...].firstIndex(of: "$"),
                      text[(index + 1)..<end].allSatisfy({ $0.properties.isAlphabetic || $0 == "_" }) {
                let tag = Array(text[index...end])
                var quoted = String.UnicodeScalarView(tag)
                index = end + 1
                while index < text.count, Array(text[index..<min(index + tag.count, text.count)]) != tag {
                    quoted.append(text[index])
                    index += 1
                }
                if index < text.count {
                    quoted.append(contentsOf: tag)
                    index += tag.count
                }
                take(.quoted(quoted))
            } else {
                code.append(scalar)
                index += 1
            }
        }
        if !code.isEmpty { pieces.append(.code(code)) }
        return pieces
    }

    /// The statements of `script`, each without its `;` and its comments.
    static func statements(in script: String) -> [String] {
        var statements: [String] = []
        var current = String.UnicodeScalarView()
        func flush() {
            let statement = String(current).trimmingCharacters(in: .whitespacesAndNewlines)
            if !statement.isEmpty { statements.append(statement) }
            current = String.UnicodeScalarView()
        }
        for piece in pieces(of: script) {
            switch piece {
            case .code(let code):
                for scalar in code {
                    if scalar == ";" { flush() } else { current.append(scalar) }
                }
            case .quoted(let quoted):
                current.append(contentsOf: quoted)
            case .comment:
                current.append(" ")
            }
        }
        flush()
        return statements
    }

    /// `sql` with its placeholders numbered as PostgreSQL's (`$1`, `$2`...), and what each
    /// number stands for: the arguments in order (`?`), or a named one (`:name`, the same number
    /// each time the name comes back). A `::` cast is not a name.
    static func numberedPlaceholders(in sql: String) -> (sql: String, names: [String]?) {
        var translated = String.UnicodeScalarView()
        var names: [String] = []
        var positional = 0
        for piece in pieces(of: sql) {
            switch piece {
            case .quoted(let quoted):
                translated.append(contentsOf: quoted)
            case .comment:
                translated.append(" ")
            case .code(let code):
                let scalars = Array(code)
                var index = 0
                while index < scalars.count {
                    let scalar = scalars[index]
                    if scalar == "?" {
                        positional += 1
                        translated.append(contentsOf: "$\(positional)".unicodeScalars)
                        index += 1
                    } else if scalar == ":", index + 1 < scalars.count, scalars[index + 1] == ":" {
                        translated.append(contentsOf: "::".unicodeScalars)
                        index += 2
                    } else if scalar == ":", index + 1 < scalars.count, isNameStart(scalars[index + 1]) {
                        var end = index + 1
                        while end < scalars.count, isNamePart(scalars[end]) { end += 1 }
                        let name = String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
                        let number = (names.firstIndex(of: name) ?? { names.append(name); return names.count - 1 }()) + 1
                        translated.append(contentsOf: "$\(number)".unicodeScalars)
                        index = end
                    } else {
                        translated.append(scalar)
                        index += 1
                    }
                }
            }
        }
        return (String(translated), names.isEmpty ? nil : names)
    }

    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isNamePart(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || ("0"..."9").contains(scalar)
    }
}
