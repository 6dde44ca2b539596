import Dispatch
import Foundation
import PostgresNIO
import Testing

@testable import Roost

/// Repositories run unchanged on PostgreSQL through the seam (`docs/storage.md`): the same
/// calls on both engines answer the same. The first of the engine's steps: no server runs on
/// PostgreSQL yet.
@Suite(.enabled(if: TestPostgres.url != nil, "needs ROOST_TEST_POSTGRES_URL: scripts/test starts a PostgreSQL"))
struct PostgresSeamTests {
    /// What `body` answers on a new SQLite database and on a new PostgreSQL one, each with
    /// Roost's schema, in a write transaction of each.
    private func onBothEngines<Value: Sendable>(_ body: @escaping @Sendable (Database) throws -> Value) async throws -> (sqlite: Value, postgres: Value) {
        let file = TemporaryDatabase()
        defer { file.remove() }
        let sqlite = try AppDatabase(path: file.path)
        let onSQLite = try await sqlite.write(body)
        try await sqlite.close()
        let onPostgres = try await TestPostgres.withDatabase(withSchema: true) { connection in
            // The session waits for each answer: on a thread of its own, as the engine will.
            return try await withCheckedThrowingContinuation { continuation in
                DispatchQueue(label: "roost.tests.postgres").async {
                    continuation.resume(with: Result {
                        let session = PostgresSession(connection: connection, isReadOnly: false, logger: TestPostgres.logger)
                        _ = try session.run("BEGIN", StatementArguments())
                        let value: Value
                        do {
                            value = try body(Database(session))
                        } catch {
                            // PostgresNIO's own description of an error leaves the server's words out.
                            throw TestFailure(String(reflecting: error))
                        }
                        _ = try session.run("COMMIT", StatementArguments())
                        return value
                    })
                }
            }
        }
        return (onSQLite, onPostgres)
    }

    @Test func usersTheirMetadataTokensAndSummaries() async throws {
        let (sqlite, postgres) = try await onBothEngines { db -> [String] in
            let users = UserRepository()
            var transcript: [String] = []
            for (index, name) in ["alice", "bob", "carol"].enumerated() {
                let rowID = try users.insert(
                    NewUser(userID: name, nickname: name.capitalized, profileURL: "", accessToken: index == 0 ? "secret" : nil,
                            discoveryKeys: ["k\(index)"], preferredLanguages: [], metadata: ["team": index == 1 ? "red" : "blue"], createdAt: 1_000 + Int64(index)),
                    in: db
                )
                transcript.append("inserted \(name) as \(rowID)")
            }
            let alice = try users.existing("alice", in: db)
            transcript.append("alice: \(alice.nickname) \(alice.accessToken) active \(alice.isActive) seen \(alice.lastSeenAt) keys \(alice.discoveryKeys) \(alice.metadata)")
            var renamed = try users.existing("bob", in: db)
            renamed.nickname = "Robert"
            renamed.isActive = false
            try users.save(renamed, in: db)
            transcript.append("bob: \(try users.existing("bob", in: db).nickname) active \(try users.existing("bob", in: db).isActive)")
            let page = try users.page(UserFilter(activeMode: .all), after: nil, limit: 10, in: db)
            transcript.append("page: \(page.map { "\($0.rowID):\($0.user.userID)" })")
            let active = try users.page(UserFilter(), after: nil, limit: 10, in: db)
            transcript.append("active: \(active.map(\.user.userID))")
            var byPrefix = UserFilter()
            byPrefix.activeMode = .all
            byPrefix.nicknamePrefix = "Ca"
            transcript.append("nickname prefix: \(try users.page(byPrefix, after: nil, limit: 10, in: db).map(\.user.userID))")
            byPrefix.nicknamePrefix = "ca"
            transcript.append("case counts: \(try users.page(byPrefix, after: nil, limit: 10, in: db).map(\.user.userID))")
            let ids = try users.rowIDs(of: ["carol", "alice", "nobody"], in: db)
            transcript.append("ids: \(ids.sorted { $0.key < $1.key })")
            let summaries = try users.summaries(ofRows: ids.values, in: db)
            transcript.append("summaries: \(summaries.sorted { $0.key < $1.key }.map { "\($0.value.userID) \($0.value.nickname) \($0.value.metadata)" })")
            try users.addSessionToken(SessionToken(sessionToken: "token-1", expiresAt: 5_000), ofRow: ids["carol"]!, in: db)
            transcript.append("logins: \(try users.login("secret", for: "alice", at: 2_000, in: db)) \(try users.login("token-1", for: "carol", at: 2_000, in: db)) \(try users.login("token-1", for: "carol", at: 6_000, in: db)) \(try users.login("x", for: "nobody", at: 0, in: db))")
            transcript.append("auto-accept: \(String(describing: try users.autoAcceptInvitations(ofRow: ids["alice"]!, in: db)))")
            try users.setAutoAcceptInvitations(false, ofRow: ids["alice"]!, in: db)
            transcript.append("auto-accept after: \(String(describing: try users.autoAcceptInvitations(ofRow: ids["alice"]!, in: db)))")
            try NodeRepository().streamOpened(on: "a node", byRow: ids["alice"]!, in: db)
            try NodeRepository().streamClosed(on: "a node", byRow: ids["alice"]!, at: 9_000, in: db)
            let seen = try users.existing("alice", in: db)
            transcript.append("presence: seen \(seen.lastSeenAt) logged in \(seen.hasEverLoggedIn) online \(seen.isOnline)")
            try users.delete("carol", in: db)
            transcript.append("after delete: \(String(describing: try users.find("carol", in: db)?.userID)) \(db.changesCount)")
            return transcript
        }
        #expect(postgres == sqlite)
    }

    /// Bans and mutes (upserted: a second ban replaces the first), blocks, operators, device
    /// tokens and push preferences: the statements that were SQLite's `INSERT OR` forms.
    @Test func restrictionsBlocksOperatorsAndPush() async throws {
        let (sqlite, postgres) = try await onBothEngines { db -> [String] in
            let users = UserRepository()
            let ids = try ["ann", "ben", "cy"].map { name in
                try users.insert(
                    NewUser(userID: name, nickname: name, profileURL: "", discoveryKeys: [], preferredLanguages: [], metadata: [:], createdAt: 1),
                    in: db
                )
            }
            try db.execute(sql: "INSERT INTO channels (channel_type, channel_url, created_at) VALUES ('group_channels', 'room', 1)")
            let room = try Int64.fetchOne(db, sql: "SELECT id FROM channels WHERE channel_url = 'room'")!
            var transcript: [String] = []
            let bans = RestrictionRepository(kind: .ban), mutes = RestrictionRepository(kind: .mute)
            try bans.put(Restriction(channelID: room, userRowID: ids[1], agentRowID: ids[0], description: "spam", startAt: 10, endAt: 100), in: db)
            try bans.put(Restriction(channelID: room, userRowID: ids[1], agentRowID: nil, description: "more spam", startAt: 20, endAt: 200), in: db)
            try mutes.put(Restriction(channelID: room, userRowID: ids[2], agentRowID: nil, description: "", startAt: 10, endAt: 50), in: db)
            transcript.append("ban: \(String(describing: try bans.active(channelID: room, userRowID: ids[1], at: 150, in: db)))")
            transcript.append("bans: \(try bans.page(of: room, at: 30, after: nil, limit: 10, in: db)) \(try bans.count(of: room, at: 30, in: db))")
            transcript.append("muted at 30: \(try mutes.activeUsers(in: room, among: ids, at: 30, in: db).sorted()), at 60: \(try mutes.activeUsers(in: room, among: ids, at: 60, in: db).sorted())")
            transcript.append("next end: \(String(describing: try mutes.nextEnd(in: room, after: 30, in: db)))")
            let blocks = BlockRepository()
            try blocks.block(ids[1], by: ids[0], at: 5, in: db)
            try blocks.block(ids[1], by: ids[0], at: 6, in: db)
            transcript.append("blocks: \(try blocks.blocks(ids[1], by: ids[0], in: db)) \(try blocks.blocks(ids[0], by: ids[1], in: db))")
            let relations = try blocks.relations(of: ids[0], with: [ids[1], ids[2]], in: db)
            transcript.append("relations: \(relations.blocking.sorted()) \(relations.blockedBy.sorted())")
            let operators = OperatorRepository()
            try operators.add([ids[0], ids[2], ids[0]], to: room, in: db)
            transcript.append("operators: \(try Int64.fetchAll(db, sql: "SELECT user_id FROM operators ORDER BY user_id"))")
            let push = PushRepository()
            transcript.append("first owner: \(try push.register("phone", of: .gcm, for: ids[0], at: 1, in: db))")
            transcript.append("moved from: \(try push.register("phone", of: .gcm, for: ids[1], at: 2, in: db))")
            transcript.append("tokens: \(try push.tokens(of: ids[1], type: .gcm, in: db)) \(try push.tokens(of: ids[0], type: .gcm, in: db))")
            var preferences = try push.preferences(of: ids[0], in: db)
            preferences.doNotDisturb = true
            preferences.timezone = "Asia/Seoul"
            try push.save(preferences, of: ids[0], in: db)
            preferences.startHour = 22
            try push.save(preferences, of: ids[0], in: db)
            let saved = try push.preferences(of: ids[0], in: db)
            transcript.append("preferences: \(saved.doNotDisturb) \(saved.timezone) \(saved.startHour)")
            return transcript
        }
        #expect(postgres == sqlite)
    }
    /// Channels, their members and messages, the effects a message has (the channel's last
    /// message, read state, replies, mentions), pages of history and lists of channels.
    @Test func channelsMembersAndMessages() async throws {
        let (sqlite, postgres) = try await onBothEngines { db -> [String] in
            let users = UserRepository(), channels = ChannelRepository(), members = MemberRepository(), messages = MessageRepository()
            let ids = try ["ann", "ben", "cy"].map { name in
                try users.insert(
                    NewUser(userID: name, nickname: name.capitalized, profileURL: "", discoveryKeys: [], preferredLanguages: [], metadata: [:], createdAt: 1),
                    in: db
                )
            }
            var transcript: [String] = []
            let room = try channels.insert(NewChannel(type: .group, url: "room", name: "Boat Club", customType: "club", createdAt: 10), in: db)
            let hall = try channels.insert(NewChannel(type: .group, url: "hall", name: "Hall", isPublic: true, createdAt: 11), in: db)
            for user in ids { try members.add(channelID: room, userRowID: user, state: .joined, inviterRowID: nil, at: 20, in: db) }
            try members.add(channelID: hall, userRowID: ids[0], state: .invited, inviterRowID: ids[1], at: 21, in: db)
            transcript.append("room: \(try channels.existing(rowID: room, in: db))")
            transcript.append("joined: \(try members.hasJoined(channelID: room, userRowID: ids[1], in: db)) \(try members.hasJoined(channelID: hall, userRowID: ids[0], in: db))")
            var sent: [Int64] = []
            for (index, sender) in [ids[0], ids[1], ids[0], ids[2]].enumerated() {
                let message = try messages.insert(
                    NewMessage(channelID: room, type: .user, senderRowID: sender, message: "hello \(index)", createdAt: 100 + Int64(index)), in: db
                )
                sent.append(message.id)
                _ = try channels.recordLastMessage(message.id, at: message.createdAt, counted: true, in: room, in: db)
            }
            try messages.addMentions(of: [ids[1], ids[2]], to: sent[0], in: db)
            transcript.append("mentions: \(try messages.mentionedUsers(ofMessages: sent, in: db).sorted { $0.key < $1.key })")
            let reply = try messages.insert(
                NewMessage(channelID: room, type: .user, senderRowID: ids[1], message: "re", parentMessageID: sent[0], createdAt: 110), in: db
            )
            transcript.append("reply: \(String(describing: try messages.recordReply(to: sent[0], at: reply.createdAt, in: db)))")
            transcript.append("history: \(try messages.page(of: room, from: .timestamp(1_000), before: true, limit: 3, filter: MessageFilter(), in: db).map(\.message))")
            transcript.append("count: \(try messages.count(in: room, filter: MessageFilter(), in: db)) \(try messages.count(inChannel: room, from: 100, through: 102, in: db))")
            transcript.append("members: \(try members.members(ofChannels: [room, hall], in: db).sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.count)" })")
            transcript.append("unread: \(try members.totalUnread(of: ids, in: db).sorted { $0.key < $1.key })")
            var listed = ChannelQuery(type: .group)
            listed.filter.nameContains = "boat"
            transcript.append("name contains: \(try channels.page(listed, limit: 10, in: db).map(\.channel.url))")
            listed = ChannelQuery(type: .group)
            listed.filter.customTypePrefix = "cl"
            transcript.append("custom type prefix: \(try channels.page(listed, limit: 10, in: db).map(\.channel.url)) \(try channels.count(listed, in: db))")
            try members.startTyping(channelID: room, userRowID: ids[2], at: 200, in: db)
            try members.startTyping(channelID: room, userRowID: ids[2], at: 201, in: db)
            transcript.append("typing: \(try members.typingUsers(ofChannels: [room], since: 150, in: db))")
            return transcript
        }
        #expect(postgres == sqlite)
    }
    /// PostgreSQL's search follower writes a batch it read on a reader earlier: a message
    /// edited or removed since stays queued for the next batch, and the index never holds the
    /// words it had when read.
    @Test func aSearchBatchLeavesQueuedWhatChangedSinceItWasRead() async throws {
        let (_, postgres) = try await onBothEngines { db -> [String] in
            guard db.dialect == .postgres else { return [] }
            let messages = MessageRepository()
            let ann = try UserRepository().insert(
                NewUser(userID: "ann", nickname: "Ann", profileURL: "", discoveryKeys: [], preferredLanguages: [], metadata: [:], createdAt: 1), in: db
            )
            let room = try ChannelRepository().insert(NewChannel(type: .group, url: "room", createdAt: 10), in: db)
            let ids = try ["kept words", "first words", "doomed words"].enumerated().map { index, text in
                try messages.insert(NewMessage(channelID: room, type: .user, senderRowID: ann, message: text, createdAt: 100 + Int64(index)), in: db).id
            }
            func state() throws -> String {
                let queued = try Int64.fetchAll(db, sql: "SELECT message_id FROM message_search_queue ORDER BY 1").map { $0 - ids[0] }
                let indexed = try Int64.fetchAll(db, sql: "SELECT rowid FROM message_search ORDER BY 1").map { $0 - ids[0] }
                let first = try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM message_search WHERE ? = ANY (tsvector_to_array(terms))", arguments: [SearchWords.term("first", in: room)]
                ) ?? 0
                return "queued \(queued) indexed \(indexed) with 'first' \(first)"
            }
            let batch = SearchIndex.Batch(try SearchIndex.queuedOnPostgres(in: db, limit: nil))
            try db.execute(sql: "UPDATE messages SET message = 'second words' WHERE id = ?", arguments: [ids[1]])
            try db.execute(sql: "UPDATE messages SET is_removed = 1 WHERE id = ?", arguments: [ids[2]])
            try SearchIndex.record(batch, in: db)
            var transcript = [try state()]
            try SearchIndex.record(SearchIndex.Batch(try SearchIndex.queuedOnPostgres(in: db, limit: nil)), in: db)
            transcript.append(try state())
            return transcript
        }
        #expect(postgres == ["queued [1, 2] indexed [0] with 'first' 0", "queued [] indexed [0, 1] with 'first' 0"])
    }

    /// The event log as streams read it (what a user's own stream may see), pruning, polls with
    /// options and votes, and moderation settings.
    @Test func eventsPollsAndModerationSettings() async throws {
        let (sqlite, postgres) = try await onBothEngines { db -> [String] in
            let users = UserRepository(), channels = ChannelRepository(), members = MemberRepository(), log = EventRepository()
            let ids = try ["ann", "ben"].map { name in
                try users.insert(
                    NewUser(userID: name, nickname: name, profileURL: "", discoveryKeys: [], preferredLanguages: [], metadata: [:], createdAt: 1),
                    in: db
                )
            }
            let room = try channels.insert(NewChannel(type: .group, url: "room", createdAt: 10), in: db)
            try members.add(channelID: room, userRowID: ids[0], state: .joined, inviterRowID: nil, at: 20, in: db)
            var transcript: [String] = []
            let seqs = try log.insert([
                NewEvent(
                    category: .groupChannelMessageSend, time: 100, channelURL: "room", concerning: [], audience: .excluding(["ann"]),
                    payload: #"{"n":1}"#
                ),
                NewEvent(
                    category: .groupChannelMessageSend, time: 200, channelURL: "room", concerning: ["ben"], audience: .concernedOnly,
                    payload: #"{"n":2}"#
                ),
            ], in: db)
            let (first, second) = (seqs[0], seqs[1])
            _ = try log.insert(
                [NewEvent(category: .userBlock, time: 300, channelURL: nil, concerning: ["ann"], audience: EventAudience(), payload: #"{"n":3}"#)], in: db
            )
            transcript.append("seqs: \(second - first) last \(try log.lastSeq(in: db) - first)")
            for reader in ["ann", "ben"] {
                let seen = try log.events(after: 0, matching: EventFilter(visibleTo: reader), limit: 10, in: db)
                transcript.append("\(reader) sees: \(seen.map(\.payload))")
            }
            let messages = try log.events(after: 0, matching: EventFilter(categories: ["group_channel:message_send"], channelURL: "room"), limit: 10, in: db)
            transcript.append("room's sends: \(messages.map(\.payload))")
            transcript.append("pruned: \(try log.prune(before: 250, keepingNewest: 1, keepingFrom: .max, batch: 10, in: db))")

            let polls = PollRepository()
            let poll = try polls.insert(
                PollRecord(title: "Lunch?", data: "{}", allowUserSuggestion: true, allowMultipleVotes: true, closeAt: -1, createdBy: ids[0], at: 5), in: db
            )
            let pizza = try polls.addOption("pizza", to: poll, by: ids[0], at: 6, in: db)
            let sushi = try polls.addOption("sushi", to: poll, by: nil, at: 7, in: db)
            try polls.replaceVotes(of: ids[0], in: poll, with: [pizza, sushi], at: 8, in: db)
            try polls.replaceVotes(of: ids[1], in: poll, with: [sushi], at: 9, in: db)
            try polls.replaceVotes(of: ids[0], in: poll, with: [sushi], at: 10, in: db)
            transcript.append("poll: \(String(describing: try polls.find(poll, in: db).map { "\($0.title) \($0.status) \($0.allowMultipleVotes)" }))")
            transcript.append("options: \(try polls.options(ofPolls: [poll], in: db)[poll]?.map(\.text) ?? [])")
            transcript.append("voters: \(try polls.voterCounts(ofPolls: [poll], in: db)) \(try polls.voters(of: sushi, after: nil, limit: 10, in: db)) \(try polls.voters(of: pizza, after: nil, limit: 10, in: db))")

            let moderation = ModerationSettingsRepository()
            var settings = ModerationSettings()
            settings.customType = "club"
            settings.profanityFilter.keywords = ["darn"]
            try moderation.save(settings, in: db)
            settings.profanityFilter.keywords = ["heck"]
            try moderation.save(settings, in: db)
            transcript.append("filters: \(try moderation.customTypes(after: nil, limit: 10, in: db).map { "\($0.customType ?? "") \($0.profanityFilter.keywords)" })")
            transcript.append("violations: \(try moderation.recordViolation(by: ids[0], in: room, at: 50, countingSince: 0, in: db)) \(try moderation.recordViolation(by: ids[0], in: room, at: 60, countingSince: 0, in: db))")
            return transcript
        }
        #expect(postgres == sqlite)
    }
    /// The scheduler's queue of jobs, the statistics the analytics read, the delivery cursors and
    /// the push outbox.
    @Test func jobsStatisticsCursorsAndPushes() async throws {
        let (sqlite, postgres) = try await onBothEngines { db -> [String] in
            let users = UserRepository(), channels = ChannelRepository(), members = MemberRepository(), messages = MessageRepository()
            let ids = try ["ann", "ben", "cy"].map { name in
                try users.insert(
                    NewUser(userID: name, nickname: name, profileURL: "", discoveryKeys: [], preferredLanguages: [], metadata: [:], createdAt: 86_400_000),
                    in: db
                )
            }
            let room = try channels.insert(NewChannel(type: .group, url: "room", createdAt: 86_400_000), in: db)
            for user in ids { try members.add(channelID: room, userRowID: user, state: .joined, inviterRowID: nil, at: 86_400_001, in: db) }
            for (index, sender) in [ids[0], ids[1], ids[0]].enumerated() {
                let sent = try messages.insert(NewMessage(channelID: room, type: .user, senderRowID: sender, message: "m\(index)", createdAt: 86_400_100 + Int64(index)), in: db)
                _ = try channels.recordLastMessage(sent.id, at: sent.createdAt, counted: true, in: room, in: db)
            }
            var transcript: [String] = []
            let jobs = ScheduledJobRepository()
            try jobs.schedule("reminder", key: "reminder:1", at: 500, in: db)
            try jobs.schedule("reminder", key: "reminder:1", at: 400, payload: #"{"again":true}"#, in: db)
            try jobs.schedule("export", for: 7, at: 450, in: db)
            let due = try jobs.nextDue(at: 1_000, in: db)
            transcript.append("due: \(String(describing: due.map { "\($0.kind) \($0.key) \($0.dueAt) \($0.payload) \($0.attempts)" }))")
            if let due {
                try jobs.postpone(due, to: 2_000, in: db)
                try jobs.finish(due, with: .again(at: 3_000, payload: "{}"), in: db)
            }
            transcript.append("next: \(String(describing: try jobs.nextDue(at: 1_000, in: db).map { "\($0.key) \($0.dueAt)" }))")
            try jobs.cancel("export", for: 7, in: db)
            transcript.append("after cancel: \(String(describing: try jobs.nextDue(at: 10_000, in: db).map { "\($0.key) \($0.dueAt) \($0.attempts)" }))")

            let activity = UserActivityRepository()
            try activity.recordActive(ids[0], at: 86_400_100, in: db)
            try activity.recordActive(ids[1], at: 2 * 86_400_000, in: db)
            let statistics = StatisticsRepository()
            transcript.append("active: \(try statistics.activeUsers(onDay: 1, in: db)) \(try statistics.activeUsers(fromDay: 1, throughDay: 2, in: db))")
            for metric in AnalyticsMetric.allCases {
                transcript.append("\(metric): \(try statistics.value(of: metric, from: 0, to: 3 * 86_400_000, days: 0..<3, in: db))")
            }

            let cursors = DeliveryCursorRepository()
            try cursors.register("webhooks", in: db)
            try cursors.register("bots", in: db)
            try cursors.advance("bots", to: 5, in: db)
            try cursors.advance("bots", to: 3, in: db)
            transcript.append("cursors: \(try cursors.position(of: "bots", in: db)) \(try cursors.position(of: "webhooks", in: db)) oldest \(String(describing: try cursors.oldest(in: db)))")

            let push = PushRepository()
            _ = try push.register("ben-phone", of: .gcm, for: ids[1], at: 1, in: db)
            _ = try push.register("cy-phone", of: .apns, for: ids[2], at: 1, in: db)
            let outbox = PushOutboxRepository()
            let candidates = try outbox.candidates(in: room, sender: ids[0], tokenTypes: [.gcm, .apns], in: db)
            transcript.append("candidates: \(candidates.map { "\($0)" }.sorted())")
            let log = EventRepository()
            let seqs = try log.insert([1, 2].map {
                NewEvent(category: .groupChannelMessageSend, time: $0, channelURL: "room", concerning: [], audience: EventAudience(), payload: "{}")
            }, in: db)
            let (first, second) = (seqs[0], seqs[1])
            try outbox.file(first, userID: "ben", channelURL: "room", in: db)
            try outbox.file(second, userID: "cy", channelURL: "room", in: db)
            transcript.append("pushes: \(try outbox.pushes(after: 0, userID: "cy", channelURL: nil, limit: 10, in: db).map { $0.seq - first })")
            transcript.append("is bot: \(try outbox.isBot(ids[0], in: db))")
            return transcript
        }
        #expect(postgres == sqlite)
    }
    /// What a GDPR erasure reads and deletes (events naming a user inside their JSON), emojis
    /// and their categories, and bots.
    @Test func erasureEmojisAndBots() async throws {
        let (sqlite, postgres) = try await onBothEngines { db -> [String] in
            let users = UserRepository(), channels = ChannelRepository(), members = MemberRepository()
            let ids = try ["ann", "helper"].map { name in
                try users.insert(
                    NewUser(userID: name, nickname: name, profileURL: "", discoveryKeys: [], preferredLanguages: [], metadata: [:], createdAt: 1),
                    in: db
                )
            }
            let room = try channels.insert(NewChannel(type: .group, url: "room", createdAt: 1), in: db)
            try members.add(channelID: room, userRowID: ids[0], state: .joined, inviterRowID: nil, at: 2, in: db)
            try members.add(channelID: room, userRowID: ids[1], state: .joined, inviterRowID: nil, at: 2, in: db)
            var transcript: [String] = []
            let log = EventRepository()
            let seqs = try log.insert([#"{"user":{"user_id":"ann"}}"#, #"{"user":{"user_id":"annie"}}"#, #"{"sender":"ann"}"#].map { payload in
                NewEvent(category: .userBlock, time: 5, channelURL: nil, concerning: [], audience: .concernedOnly, payload: payload)
            }, in: db)
            let erasure = ErasureRepository()
            let naming = try erasure.events(naming: "ann", after: 0, through: seqs[2], in: db)
            transcript.append("naming ann: \(naming.map { $0 - seqs[0] })")
            try erasure.deleteEvents(naming, in: db)
            transcript.append("left: \(try log.events(after: 0, matching: EventFilter(), limit: 10, in: db).map(\.payload))")
            transcript.append("records: \(try erasure.deleteRecords(naming: "ann", in: db))")

            let emojis = EmojiRepository()
            let category = try emojis.addCategory(name: "faces", url: "https://e/faces.png", in: db)
            _ = try emojis.addEmoji(key: "smile", url: "https://e/smile.png", to: category, in: db)
            transcript.append("again: \(String(describing: try emojis.addEmoji(key: "smile", url: "https://e/other.png", to: category, in: db)))")
            try emojis.setEmojiURL("https://e/smile2.png", of: "smile", in: db)
            transcript.append("emojis: \(try emojis.emojis(in: db).map { "\($0.key) \($0.url)" }) \(try emojis.allowsReaction("smile", in: db)) \(try emojis.allowsReaction("frown", in: db))")
            transcript.append("categories: \(try emojis.categories(in: db).map { "\($0.name) \($0.emojis.count)" })")

            let bots = BotRepository()
            var bot = BotRecord(
                userRowID: ids[1], type: "helper", token: "t0k3n", callbackURL: "https://bots.example/helper", isPrivacyMode: false,
                enableMarkAsRead: true, showMember: false, channelInvitationPreference: 0, createdAt: 3
            )
            try bots.save(bot, in: db)
            bot.isPrivacyMode = true
            try bots.save(bot, in: db)
            transcript.append("bots: \(try bots.any(in: db)) \(String(describing: try bots.find("helper", in: db).map { "\($0.record.isPrivacyMode) \($0.record.callbackURL)" }))")
            transcript.append("in room: \(try bots.members(of: room, in: db).map(\.record.type))")
            return transcript
        }
        #expect(postgres == sqlite)
    }
}

private struct TestFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
