/// The first of `fetch`'s answers that `done` holds for, asked every 50 ms for up to `limit`, or
/// the last answer if none: for work the server does in the background (the scheduler's jobs,
/// webhooks), or what another node does once it hears of a change. The caller asserts on it.
/// The limit is generous (30 s unless told) because only a failing test waits it out, and on CI,
/// with every suite at once on two cores, a job that takes a moment alone took over 10 s.
func awaited<Answer>(
    within limit: Duration = .seconds(30), _ fetch: () async throws -> Answer, until done: (Answer) throws -> Bool
) async throws -> Answer {
    let clock = ContinuousClock()
    let deadline = clock.now + limit
    var answer = try await fetch()
    while try !done(answer), clock.now < deadline {
        try await Task.sleep(for: .milliseconds(50))
        answer = try await fetch()
    }
    return answer
}

/// Whether `done` comes to hold within `limit`, asked every 50 ms.
func eventually(within limit: Duration = .seconds(30), _ done: () async throws -> Bool) async throws -> Bool {
    try await awaited(within: limit, done, until: { $0 })
}
