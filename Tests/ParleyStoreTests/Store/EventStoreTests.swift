import Foundation
import ParleyTestSupport
import Testing

@testable import ParleyStore

@Suite struct EventStoreTests {
    static func database() -> String { TestPaths.temporaryFolder().appendingPathComponent("events.sqlite").path }

    @Test func versionsArePerChannelAndSurviveReopening() throws {
        let path = Self.database()
        do {
            let store = try EventStore(path: path)
            try store.createChannel("general", header: #"{"type":"header"}"#, epoch: "e1")
            try store.createChannel("random", header: "{}", epoch: "e2")
            #expect(try store.append(["a", "b"], to: "general") == [1, 2])
            #expect(try store.append(["x"], to: "random") == [1])
            #expect(try store.append(["c"], to: "general") == [3])
        }
        let reopened = try EventStore(path: path)
        #expect(
            try reopened.channels() == [
                StoredChannel(id: "general", header: #"{"type":"header"}"#, version: 3, epoch: "e1"),
                StoredChannel(id: "random", header: "{}", version: 1, epoch: "e2"),
            ])
        #expect(
            try reopened.events(in: "general", after: 1) == [StoredEvent(version: 2, record: "b"), StoredEvent(version: 3, record: "c")])
    }

    @Test func anUnknownChannelAppendsNothing() throws {
        let path = Self.database()
        let store = try EventStore(path: path)
        #expect(throws: StoreError.unknownChannel(path: path, channel: "nope")) { try store.append(["a"], to: "nope") }
        #expect(try store.channels().isEmpty)
    }

    @Test func concurrentAppendsGetDistinctConsecutiveVersions() async throws {
        let store = try EventStore(path: Self.database())
        try store.createChannel("c", header: "{}", epoch: "e")
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask { for index in 0..<25 { _ = try? store.append(["\(writer)-\(index)"], to: "c") } }
            }
        }
        let events = try store.events(in: "c")
        #expect(events.map(\.version) == Array(1...200))
        #expect(Set(events.map(\.record)).count == 200)
    }

    @Test func creatingAnExistingChannelKeepsItsHeaderAndEventsAndTakesTheNewEpoch() throws {
        let store = try EventStore(path: Self.database())
        try store.createChannel("c", header: "first", epoch: "old")
        _ = try store.append(["a", "b"], to: "c")
        try store.createChannel("c", header: "second", epoch: "new")
        #expect(try store.channels() == [StoredChannel(id: "c", header: "first", version: 2, epoch: "new")])
        #expect(try store.events(in: "c").map(\.record) == ["a", "b"])
    }

    @Test func aDatabaseOfSchemaVersion1IsMigratedKeepingItsEvents() throws {
        let path = Self.database()
        try SQLiteConnection(path: path).execute(
            """
            CREATE TABLE channels (id TEXT PRIMARY KEY, header TEXT NOT NULL, version INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE events (channel TEXT NOT NULL, version INTEGER NOT NULL, record TEXT NOT NULL,
                PRIMARY KEY (channel, version)) WITHOUT ROWID;
            INSERT INTO channels VALUES ('c', '{}', 2);
            INSERT INTO events VALUES ('c', 1, 'a'), ('c', 2, 'b');
            """)
        let store = try EventStore(path: path)
        #expect(try store.channels() == [StoredChannel(id: "c", header: "{}", version: 2, epoch: "")])
        try store.createChannel("c", header: "{}", epoch: "e")
        #expect(try store.append(["c"], to: "c") == [3])
        #expect(try store.events(in: "c").map(\.record) == ["a", "b", "c"])
        var meta: [String] = []
        try SQLiteConnection(path: path).query("SELECT key || '=' || value FROM meta ORDER BY key") { meta.append($0.text(0)) }
        #expect(meta == ["kind=parley-events", "schema=2"])
    }

    @Test func aNewerSchemaOrAnotherDatabaseIsRefusedUntouched() throws {
        let newer = Self.database()
        do { _ = try EventStore(path: newer) }
        try SQLiteConnection(path: newer).execute("UPDATE meta SET value = '3' WHERE key = 'schema'")
        #expect(
            throws: StoreError.unsupported(
                path: newer,
                reason: "event database schema version 3; this Parley reads versions 1 to 2 (a newer Parley wrote it: use that version, "
                    + "or give --db a new file)")
        ) { try EventStore(path: newer) }

        let archive = Self.database()
        try SQLiteConnection(path: archive).execute(
            "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO meta VALUES ('kind', 'parley-archive');")
        #expect(
            throws: StoreError.unsupported(
                path: archive, reason: "not a Parley event database (its meta table names kind 'parley-archive', not 'parley-events')")
        ) { try EventStore(path: archive) }

        let notes = Self.database()
        try SQLiteConnection(path: notes).execute("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine');")
        let before = try Data(contentsOf: URL(fileURLWithPath: notes))
        #expect(
            throws: StoreError.unsupported(path: notes, reason: "not a Parley event database (it holds tables notes)")
        ) { try EventStore(path: notes) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: notes)) == before)
        #expect(!FileManager.default.fileExists(atPath: notes + "-wal"))
    }

    @Test func anUnwritableLocationIsAClearError() {
        #expect(throws: StoreError.self) { try EventStore(path: "/nonexistent/folder/events.sqlite") }
    }
}
