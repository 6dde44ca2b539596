/// Small pieces for building SQL with bound arguments.
enum SQL {
    /// `?, ?, ?` for an `IN (...)` list of `count` values.
    static func placeholders(_ count: Int) -> String {
        Array(repeating: "?", count: count).joined(separator: ", ")
    }

    /// The values of an `IN (...)` list, their placeholder count rounded up (the last value
    /// repeated) to a power of two, or past 1,024 to a multiple of 1,024, so that a statement's
    /// text takes few shapes and stays prepared in the connection's statement cache however
    /// long the list is.
    struct ValueList {
        let placeholders: String
        let values: [any DatabaseValueConvertible]
        var arguments: StatementArguments { StatementArguments(values) }

        init(_ values: [some DatabaseValueConvertible]) {
            var padded: [any DatabaseValueConvertible] = values
            if let last = values.last {
                padded += Array(repeating: last, count: Self.paddedCount(values.count) - values.count)
            }
            placeholders = SQL.placeholders(padded.count)
            self.values = padded
        }

        static func paddedCount(_ count: Int) -> Int {
            guard count > 1 else { return count }
            if count <= 1024 { return 1 << (Int.bitWidth - (count - 1).leadingZeroBitCount) }
            let rounded = (count + 1023) / 1024 * 1024
            // SQLite takes at most 32,766 bound values in a statement.
            return rounded <= 32_766 ? rounded : count
        }
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

    /// Many rows bound as one argument, a JSON array of arrays, which a statement reads back as
    /// a table (`Dialect.rows(ofJSON:from:)`). Its text then stays the same, and prepared,
    /// however many rows it takes and whatever values are missing (a text of `VALUES` would take
    /// one shape a row count, and PostgreSQL prepares a shape per parameter types).
    struct JSONRows {
        /// One value of a row: its column's type comes from the statement.
        enum Cell: Encodable {
            case integer(Int64)
            case text(String)
            case null

            static func integer(_ value: Int64?) -> Cell { value.map { .integer($0) } ?? .null }
            static func text(_ value: String?) -> Cell { value.map { .text($0) } ?? .null }
            static func bool(_ value: Bool?) -> Cell { value.map { .integer($0 ? 1 : 0) } ?? .null }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                case .integer(let value): try container.encode(value)
                case .text(let value): try container.encode(value)
                case .null: try container.encodeNil()
                }
            }
        }

        private(set) var rows: [[Cell]] = []

        var isEmpty: Bool { rows.isEmpty }

        mutating func append(_ row: [Cell]) {
            rows.append(row)
        }

        /// The rows as the one argument a statement binds.
        func argument() throws -> String {
            String(decoding: try JSON.encoder.encode(rows), as: UTF8.self)
        }
    }

    /// A column of `JSONRows` as a statement reads it.
    enum ColumnType {
        case integer
        case text
    }
}

extension Database {
    /// Row ids in pairs, as a statement selecting two id columns answers them: each first id
    /// with the second ids that come with it, in the statement's order. What "operators of
    /// these channels" or "mentions of these messages" read.
    func groupedRowIDs(sql: String, arguments: StatementArguments) throws -> [Int64: [Int64]] {
        let rows = try Row.fetchCursor(cachedStatement(sql: sql), arguments: arguments)
        var grouped: [Int64: [Int64]] = [:]
        // By position: the statement's two id columns, whatever it names them; read for every
        // page of channels and messages (see `TableColumns` for what lookups by name cost).
        while let row = try rows.next() {
            grouped[row[0], default: []].append(row[1])
        }
        return grouped
    }
}
