import Foundation
import ParleyStore
import ParleyTestSupport
import Testing

@testable import ParleyPostgres

/// The event log in a real PostgreSQL server (a throw-away database per test).
@Suite(
    "PostgreSQL event log",
    .enabled(
        if: PostgresTestDatabase.isAvailable, "no PostgreSQL server: PGHOST is unset (./scripts/test runs the tests under pg_virtualenv)"))
struct PostgresEventStoreTests {
    /// Runs `body` with two stores on one new database, as two servers have them, and channel
    /// `c` registered.
    static func withTwoServers(_ body: (PostgresEventStore, PostgresEventStore) throws -> Void) throws {
        try PostgresTestDatabase.with { database in
            let first = try PostgresEventStore(options: database.options)
            let second = try PostgresEventStore(options: database.options)
            try first.createChannel("c", header: "{}", epoch: "e")
            try body(first, second)
        }
    }

    @Test("channels keep the epoch of their first registration; a version per commit, per channel and dense")
    func channelsAndVersions() throws {
        try PostgresTestDatabase.with { database in
            let store = try PostgresEventStore(options: database.options)
            #expect(try store.createChannel("general", header: #"{"id":"general"}"#, epoch: "e1") == "e1")
            #expect(try store.createChannel("random", header: "{}", epoch: "e2") == "e2")
            #expect(try store.append(["a", "b"], to: "general") == [1, 1])
            #expect(try store.append(["x"], to: "random") == [1])
            let other = try PostgresEventStore(options: database.options)
            #expect(try other.createChannel("general", header: "another", epoch: "e3") == "e1")
            #expect(try other.append(["c"], to: "general") == [2])
            #expect(
                try store.channels() == [
                    StoredChannel(id: "general", header: #"{"id":"general"}"#, version: 2, epoch: "e1"),
                    StoredChannel(id: "random", header: "{}", version: 1, epoch: "e2"),
                ])
            #expect(
                try store.events(in: "general") == [
                    StoredEvent(version: 1, record: "a"), StoredEvent(version: 1, record: "b"), StoredEvent(version: 2, record: "c"),
                ])
            #expect(try store.events(in: "general", after: 1) == [StoredEvent(version: 2, record: "c")])
            #expect(throws: StoreError.unknownChannel(path: store.path, channel: "nope")) { try store.append(["a"], to: "nope") }
        }
    }

    @Test("an append first hands over what other servers committed since the caller's version")
    func appendCatchesUp() throws {
        try Self.withTwoServers { (first, second) throws in
            #expect(try first.append(["a1", "a2"], to: "c") == [1, 1])
            #expect(try first.append(["a3"], to: "c") == [2])
            var seen: [StoredEvent] = []
            #expect(
                try second.append(to: "c", after: 0, in: "e") { committed in
                    seen = committed
                    return ["b1"]
                } == [3])
            #expect(
                seen == [
                    StoredEvent(version: 1, record: "a1"), StoredEvent(version: 1, record: "a2"), StoredEvent(version: 2, record: "a3"),
                ])
            #expect(try first.append(to: "c", after: 2, in: "e") { committed in committed.map { "saw \($0.record)" } } == [4])
            #expect(try first.events(in: "c", after: 3) == [StoredEvent(version: 4, record: "saw b1")])
            #expect(try first.append(to: "c", after: 4, in: nil) { _ in [] } == [])
            #expect(try first.channels().map(\.version) == [4])
        }
    }

    @Test("writers on two servers get dense versions with no duplicate, and each sees exactly the others' events")
    func concurrentWritersOnTwoServers() async throws {
        let database = try PostgresTestDatabase()
        defer { database.drop() }
        let servers = [try PostgresEventStore(options: database.options), try PostgresEventStore(options: database.options)]
        try servers[0].createChannel("c", header: "{}", epoch: "e")
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for (index, server) in servers.enumerated() {
                group.addTask {
                    var known = 0
                    var mismatches = 0
                    for round in 0..<60 {
                        let records = (0...(round % 3)).map { "s\(index)-r\(round)-\($0)" }
                        let versions = try? server.append(to: "c", after: known, in: "e") { committed in
                            let commits = Set(committed.map(\.version)).sorted()
                            if commits != Array((known + 1)..<(known + 1 + commits.count)) { mismatches += 1 }
                            known += commits.count
                            return records
                        }
                        if versions == Array(repeating: known + 1, count: records.count) {
                            known += 1
                        } else {
                            mismatches += 1
                        }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
        let events = try servers[1].events(in: "c")
        #expect(events.count == 2 * 120)
        #expect(Set(events.map(\.record)).count == 240)
        #expect(Set(events.map(\.version)) == Set(1...120))
        #expect(try servers[1].channels().map(\.version) == [120])
    }

    @Test("a commit is announced to the servers that listen, naming its channel")
    func commitsAreAnnounced() throws {
        try Self.withTwoServers { (writer, follower) throws in
            #expect(follower.awaitCommits(timeout: .milliseconds(10)) == nil, "a new listening connection may have missed some")
            #expect(follower.awaitCommits(timeout: .milliseconds(10)) == [])
            _ = try writer.append(["a"], to: "c")
            var announced: Set<String> = []
            for _ in 0..<50 where announced.isEmpty { announced = follower.awaitCommits(timeout: .milliseconds(100)) ?? [] }
            #expect(announced == ["c"])
        }
    }

    @Test("a session the server ended is opened again before an append, which then commits once")
    func endedSessionIsOpenedAgain() throws {
        try PostgresTestDatabase.with { database in
            let store = try PostgresEventStore(options: database.options)
            try store.createChannel("c", header: "{}", epoch: "e")
            #expect(try store.append(["a"], to: "c") == [1])
            let ended = try database.query(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
            #expect(ended == "1")
            #expect(try store.append(["b"], to: "c") == [2])
            #expect(try store.events(in: "c").map(\.record) == ["a", "b"])
        }
    }

    @Test("a restored copy of the database gives every channel a new epoch; a commit in the old history is refused")
    func restoredCopyTakesNewEpochs() throws {
        try PostgresTestDatabase.with { database in
            let store = try PostgresEventStore(options: database.options)
            try store.createChannel("c", header: "{}", epoch: "e")
            #expect(try store.append(["a"], to: "c") == [1])
            let dump = TestPaths.temporaryFolder().appendingPathComponent("events.dump")
            try database.dump(to: dump)
            #expect(try store.append(["b"], to: "c") == [2])
            try database.restore(from: dump)
            #expect(throws: StoreError.historyReplaced(path: store.path, channel: "c")) {
                try store.append(to: "c", after: 2, in: "e") { _ in ["c"] }
            }
            let restored = try #require(try store.channels().first)
            #expect(restored.version == 1)
            #expect(restored.epoch != "e" && restored.epoch.count == 16 && restored.epoch.allSatisfy(\.isHexDigit))
            #expect(try store.events(in: "c").map(\.record) == ["a"])
            #expect(try store.append(to: "c", after: 1, in: restored.epoch) { _ in ["c"] } == [2])
            #expect(try PostgresEventStore(options: database.options).channels().first?.epoch == restored.epoch, "a start keeps it")
        }
    }

    @Test("a database that is not Parley's, or of another schema version, is refused untouched")
    func foreignDatabasesAreRefused() throws {
        try PostgresTestDatabase.with { database in
            try database.run("CREATE TABLE notes (body text)")
            let path = PostgresConnection.describe(database.options)
            #expect(throws: StoreError.unsupported(path: path, reason: "not a Parley event database (it holds tables notes)")) {
                try PostgresEventStore(options: database.options)
            }
            try database.run(
                "DROP TABLE notes; CREATE TABLE meta (key text PRIMARY KEY, value text); "
                    + "INSERT INTO meta VALUES ('kind', 'parley-events'), ('schema', '3')")
            #expect(
                throws: StoreError.unsupported(
                    path: path,
                    reason: "event database schema version 3; this Parley reads version 2 "
                        + "(a newer Parley wrote it: use that version, or give --db another database)")
            ) { try PostgresEventStore(options: database.options) }
        }
    }

    @Test(
        "--db names PostgreSQL by a URI or a libpq connection string; anything else is a SQLite file",
        arguments: [
            ("postgresql://db.internal/parley", true), ("postgres:///parley", true), ("host=db.internal dbname=parley", true),
            ("dbname=parley", true), ("events.sqlite", false), ("/var/lib/parley/events.sqlite", false), ("a=b.sqlite", false),
            ("", false),
        ])
    func databaseNames(text: String, isPostgres: Bool) {
        #expect(PostgresEventStore.names(text) == isPostgres)
    }

    @Test("a server that cannot be reached is named without the password, in libpq's order of options")
    func unreachableServer() {
        #expect(
            PostgresConnection.describe("postgresql://maya:secret@127.0.0.1:1/events")
                == "PostgreSQL (user=maya dbname=events host=127.0.0.1 port=1)")
        #expect(PostgresConnection.describe("") == "PostgreSQL (PG* environment variables)")
        #expect {
            try PostgresEventStore(options: "postgresql://maya:secret@127.0.0.1:1/events?connect_timeout=2")
        } throws: { error in
            guard case let .cannotOpen(path, reason) = error as? StoreError else { return false }
            return path == "PostgreSQL (user=maya connect_timeout=2 dbname=events host=127.0.0.1 port=1)"
                && reason.contains("Connection refused") && !reason.contains("secret")
        }
    }
}
