/// Fills a database with synthetic users, group channels and messages for benchmarks and
/// latency measurements. Everything goes through the repositories, in batched transactions.
public struct Seeder {
    public struct Plan: Sendable {
        public var users: Int
        public var channels: Int
        public var messages: Int
        public var membersPerChannel: ClosedRange<Int>

        public init(users: Int, channels: Int, messages: Int, membersPerChannel: ClosedRange<Int> = 2...50) {
            self.users = users
            self.channels = channels
            self.messages = messages
            self.membersPerChannel = membersPerChannel
        }
    }

    let database: AppDatabase
    let clock: WallClock

    /// `location` is what `--database` takes: a SQLite file or a `postgres://` URL.
    public init(location: String, clock: WallClock = .system) throws {
        self.database = try AppDatabase(location: location)
        self.clock = clock
    }

    /// Seeds users `user0…`, channels `channel0…` and messages spread round-robin over the
    /// channels, sent by their members, one millisecond apart and ending now, and returns once
    /// the search index holds them all.
    public func seed(_ plan: Plan, progress: @Sendable (String) -> Void = { _ in }) async throws {
        let start = clock.now - Int64(plan.messages)
        let users = UserRepository(), channels = ChannelRepository(), members = MemberRepository(), messages = MessageRepository()
        try await database.journalStatementsToFile()

        let userRows: [Int64] = try await database.write { db in
            try (0..<plan.users).map { index in
                try users.insert(
                    NewUser(
                        userID: "user\(index)", nickname: "User \(index)", profileURL: "", accessToken: nil,
                        discoveryKeys: [], preferredLanguages: [], metadata: [:], createdAt: start
                    ),
                    in: db
                )
            }
        }
        progress("\(plan.users) users")

        let channelMembers: [(channelID: Int64, members: [Int64])] = try await database.write { db in
            var random = SplitMix64(seed: 42)
            var channelMembers: [(channelID: Int64, members: [Int64])] = []
            for index in 0..<plan.channels {
                let channelID = try channels.insert(
                    NewChannel(type: .group, url: "channel\(index)", name: "Channel \(index)", createdAt: start), in: db
                )
                let count = min(Int.random(in: plan.membersPerChannel, using: &random), userRows.count)
                let chosen = Array(userRows.shuffled(using: &random).prefix(count))
                for userRowID in chosen {
                    try members.add(channelID: channelID, userRowID: userRowID, state: .joined, inviterRowID: nil, at: start, in: db)
                }
                channelMembers.append((channelID, chosen))
            }
            return channelMembers
        }
        progress("\(plan.channels) channels")

        let batch = 20_000
        for first in stride(from: 0, to: plan.messages, by: batch) {
            let last = min(first + batch, plan.messages)
            try await database.write { db in
                var random = SplitMix64(seed: UInt64(first))
                for index in first..<last {
                    let (channelID, senders) = channelMembers[index % channelMembers.count]
                    let createdAt = start + Int64(index)
                    let id = try messages.insert(
                        NewMessage(
                            channelID: channelID, type: .user, senderRowID: senders.randomElement(using: &random),
                            message: "message \(index) about \(Self.words[index % Self.words.count])", createdAt: createdAt
                        ),
                        in: db
                    ).id
                    try channels.recordLastMessage(id, at: createdAt, in: channelID, in: db)
                }
            }
            progress("\(last) messages")
        }
        // A seeded database is left as one a server has been running on: with its messages
        // queued for the search index, a server started on it spent its first ten seconds
        // indexing a million of them, on a core the benchmark's first rows needed.
        while try await database.write({ db in try SearchIndex.catchUp(in: db, limit: batch) }) {}
        progress("the search index")
    }

    /// Closes the database (PostgreSQL's connections want closing before they go).
    public func close() async throws {
        try await database.close()
    }

    private static let words = ["apples", "boats", "clouds", "dinner", "engines", "forests", "gardens", "harbors"]
}

/// A small deterministic random number generator, so seeded databases are reproducible.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
