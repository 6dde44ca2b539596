import GRDB

/// Small pieces for building SQL with bound arguments.
enum SQL {
    /// `?, ?, ?` for an `IN (...)` list of `count` values.
    static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }

    /// A GLOB pattern matching values that start with `prefix`, case-sensitively.
    /// GLOB (unlike LIKE) compares with the column's binary collation, so it can use an index.
    static func globPrefix(_ prefix: String) -> String {
        var pattern = ""
        for character in prefix {
            switch character {
            case "*", "?", "[": pattern += "[\(character)]"
            default: pattern.append(character)
            }
        }
        return pattern + "*"
    }

    /// A LIKE pattern (with `ESCAPE '\\'`) matching values that contain `text`; LIKE ignores ASCII case.
    static func likeContains(_ text: String) -> String {
        "%" + likeEscaped(text) + "%"
    }

    /// A LIKE pattern (with `ESCAPE '\\'`) matching values that start with `text`, ignoring ASCII case.
    static func likePrefix(_ text: String) -> String {
        likeEscaped(text) + "%"
    }

    private static func likeEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}

/// WHERE clauses collected one condition at a time, each with its arguments.
struct Conditions {
    private var clauses: [String] = []
    private(set) var arguments = StatementArguments()

    mutating func add(_ clause: String, _ values: [any DatabaseValueConvertible] = []) {
        clauses.append(clause)
        arguments += StatementArguments(values)
    }

    var whereClause: String {
        clauses.isEmpty ? "" : "WHERE " + clauses.joined(separator: " AND ")
    }
}
