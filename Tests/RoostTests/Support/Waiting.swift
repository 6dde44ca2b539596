/// Waits until `done` holds, checking every 50 ms for up to 10 s: for work the server does in
/// the background (the scheduler's jobs). The caller then asserts the same condition.
func waitUntil(_ done: () throws -> Bool) async throws {
    var waits = 0
    while try !done(), waits < 200 {
        try await Task.sleep(for: .milliseconds(50))
        waits += 1
    }
}

/// Whether `done` comes to hold, asked every 50 ms for up to 10 s: for what another node does
/// once it hears of a change.
func eventually(_ done: () async throws -> Bool) async throws -> Bool {
    for _ in 0..<200 {
        if try await done() { return true }
        try await Task.sleep(for: .milliseconds(50))
    }
    return try await done()
}
