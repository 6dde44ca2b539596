/// WHERE clauses collected one condition at a time, each with its arguments.
struct Conditions {
    private var clauses: [String] = []
    private(set) var arguments = StatementArguments()

    mutating func add(_ clause: String, _ values: [any DatabaseValueConvertible] = []) {
        add(clause, StatementArguments(values))
    }

    mutating func add(_ clause: String, _ values: StatementArguments) {
        clauses.append(clause)
        arguments += values
    }

    var whereClause: String {
        clauses.isEmpty ? "" : "WHERE " + clauses.joined(separator: " AND ")
    }
}
