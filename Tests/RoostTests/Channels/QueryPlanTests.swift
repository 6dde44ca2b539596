import Foundation
import GRDB
import Testing

@testable import Roost

/// The list queries are served by indexes: `EXPLAIN QUERY PLAN` of the statements the
/// repositories really run shows no full scan of channels or members.
@Suite struct QueryPlanTests {
    @Test func listingAUsersChannelsAndAChannelsMembersUsesIndexes() async throws {
        let file = TemporaryDatabase()
        defer { file.remove() }
        try await withServer(database: file) { api in
            try await api.createUsers("alice", "bob", "carol")
            for index in 0..<50 {
                let members = index % 10 == 0 ? #"["alice", "bob"]"# : #"["bob", "carol"]"#
                try await api.createChannel(#"{"user_ids": \#(members), "name": "c\#(index)"}"#)
            }
        }

        let database = try AppDatabase(path: file.path)
        let plans = try await database.read { db in
            let alice = try UserRepository().existingRowID(of: "alice", in: db)
            let someChannel = try Int64.fetchOne(db, sql: "SELECT id FROM channels LIMIT 1")!
            let statements = try Self.statements(in: db) {
                for order in [ChannelOrder.chronological, .channelNameAlphabetical, .latestLastMessage] {
                    let query = ChannelQuery(type: .group, membership: MembershipFilter(userRowID: alice), order: order)
                    _ = try ChannelRepository().page(query, limit: 11, in: db)
                    _ = try ChannelRepository().count(query, in: db)
                }
                _ = try MemberRepository().page(of: someChannel, MemberListQuery(), limit: 11, in: db)
                _ = try MemberRepository().page(
                    of: someChannel, MemberListQuery(order: .operatorThenMemberAlphabetical), limit: 11, in: db
                )
            }
            return try statements.map { sql in
                (sql, try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String })
            }
        }

        #expect(plans.count == 8)
        for (sql, plan) in plans {
            let scans = plan.filter { $0.hasPrefix("SCAN") }
            #expect(scans.isEmpty, "full scan in \(plan) for \(sql)")
        }
        let userChannelPlans = plans.filter { $0.0.contains("FROM members me") }
        #expect(userChannelPlans.count == 6)
        for (sql, plan) in userChannelPlans {
            #expect(plan.first?.contains("members_by_user") == true, "\(plan) for \(sql)")
        }
    }

    /// A heavy job's batch is read in an index's order: a sort would sort every message left,
    /// at every step of the job.
    @Test func batchesOfDeletionsAreReadInAnIndexsOrder() async throws {
        let file = TemporaryDatabase()
        defer { file.remove() }
        try await withServer(database: file) { api in
            try await api.createUsers("alice", "bob")
            try await api.createChannel(#"{"user_ids": ["alice", "bob"], "channel_url": "room"}"#)
        }
        let database = try AppDatabase(path: file.path)
        try await database.write { db in
            let room = try Int64.fetchOne(db, sql: "SELECT id FROM channels WHERE channel_url = 'room'")!
            try ChannelRepository().retire(rowID: room, at: 1, in: db)
            try DeletedUserRepository().retire(rowID: try UserRepository().existingRowID(of: "bob", in: db), token: "0", at: 1, in: db)
        }
        let plans = try await database.read { db in
            let alice = try UserRepository().existingRowID(of: "alice", in: db)
            let room = try Int64.fetchOne(db, sql: "SELECT id FROM channels WHERE deleted_at IS NOT NULL")!
            let bob = try Int64.fetchOne(db, sql: "SELECT id FROM users WHERE deleted_at IS NOT NULL")!
            let statements = try Self.statements(in: db) {
                _ = try ChannelRepository().messagesToDelete(of: room, limit: 500, in: db)
                _ = try ErasureRepository().messages(sentBy: alice, limit: 500, in: db)
                _ = try DeletedUserRepository().messagesToUnlink(from: bob, limit: 500, in: db)
            }
            return try statements.filter { $0.contains("FROM messages") }.map { sql in
                (sql, try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String })
            }
        }
        try await database.close()
        #expect(plans.count == 3)
        for (sql, plan) in plans {
            #expect(!plan.contains { $0.hasPrefix("SCAN") || $0.contains("TEMP B-TREE") }, "\(plan) for \(sql)")
        }
    }

    /// The statements `body` runs, with their arguments written in.
    private static func statements(in db: Roost.Database, _ body: () throws -> Void) throws -> [String] {
        final class Collected: @unchecked Sendable { var sql: [String] = [] }
        let collected = Collected()
        db.sqlite.trace(options: .statement) { event in
            if case .statement(let statement) = event { collected.sql.append(statement.expandedSQL) }
        }
        defer { db.sqlite.trace(options: [], nil) }
        try body()
        return collected.sql.filter { $0.hasPrefix("SELECT") }
    }
}
