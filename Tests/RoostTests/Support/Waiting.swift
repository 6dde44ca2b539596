/// Waits until `done` holds, checking every 50 ms for up to 10 s: for work the server does in
/// the background (the scheduler's jobs). The caller then asserts the same condition.
func waitUntil(_ done: () throws -> Bool) async throws {
    var waits = 0
    while try !done(), waits < 200 {
        try await Task.sleep(for: .milliseconds(50))
        waits += 1
    }
}
