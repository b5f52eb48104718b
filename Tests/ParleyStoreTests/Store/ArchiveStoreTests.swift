import Foundation
import ParleyTestSupport
import Testing

@testable import ParleyStore

/// An archive's store keeps every message it was given, in display order per channel, replaces a
/// message only with a copy handed over again, migrates a store of schema version 1 or 2, and
/// refuses a database it does not understand.
@Suite struct ArchiveStoreTests {
    static func database() -> String { TestPaths.temporaryFolder().appendingPathComponent("archive.sqlite").path }

    static func message(_ channel: String, _ id: String, _ time: Int64, _ record: String, replyTo: String? = nil) -> StoredMessage {
        StoredMessage(
            channel: channel, id: id, timestamp: time, tiebreak: "t" + id, edited: id == "1" ? 150 : nil, replyTo: replyTo,
            digest: UInt64(record.utf8.count) << 60 | 7, hasLocalMedia: id == "2", colors: ["#" + id], record: Array(record.utf8))
    }

    /// Every entry of `channel` as `(timestamp, tiebreak, digest, local media)`, in order.
    static func entries(_ store: ArchiveStore, _ channel: String) throws -> [String] {
        var entries: [String] = []
        try store.forEachEntry(channel: channel) { entries.append("\($0) \($1) \($2) \($3)") }
        return entries
    }

    @Test func messagesAreKeptReplacedByIdAndReadInDisplayOrder() throws {
        let path = Self.database()
        do {
            let store = try ArchiveStore(path: path, upgrade: Self.noUpgrade)
            #expect(try store.header() == nil)
            #expect(try store.messageCount() == 0)
            try store.save(
                header: "h1",
                messages: [
                    Self.message("general", "2", 200, "two", replyTo: "1"), Self.message("general", "1", 100, "one"),
                    Self.message("b", "9", 900, "nine"),
                ])
        }
        let reopened = try ArchiveStore(path: path, upgrade: Self.noUpgrade)
        // "1" is edited and moved after "0"; "0" replies to a message the store lacks.
        try reopened.save(
            header: "h2",
            messages: [Self.message("general", "1", 300, "one, edited"), Self.message("general", "0", 200, "zero", replyTo: "missing")])
        #expect(try reopened.header() == "h2")
        #expect(try reopened.messageCount() == 4)
        #expect(
            try Self.entries(reopened, "general") == [
                "200 t0 \(UInt64(4) << 60 | 7) false", "200 t2 \(UInt64(3) << 60 | 7) true", "300 t1 \(UInt64(11) << 60 | 7) false",
            ])
        #expect(try Self.entries(reopened, "b") == ["900 t9 \(UInt64(4) << 60 | 7) false"])
        #expect(try reopened.records(channel: "general", from: 200, "t2", limit: 5) == [Array("two".utf8), Array("one, edited".utf8)])
        #expect(try reopened.records(channel: "general", from: 0, "", limit: 2) == [Array("zero".utf8), Array("two".utf8)])
        #expect(try reopened.record(channel: "general", before: 200, "t2") == Array("zero".utf8))
        #expect(try reopened.record(channel: "general", before: 200, "t0") == nil)
        #expect(try reopened.message(channel: "general", id: "1")?.record == Array("one, edited".utf8))
        #expect(try reopened.message(channel: "general", id: "1")?.edited == 150)
        #expect(try reopened.message(channel: "general", id: "0")?.edited == nil)
        #expect(try reopened.message(channel: "b", id: "1") == nil)
        #expect(try reopened.message(channel: "general", id: "1")?.record == Array("one, edited".utf8))
        #expect(try reopened.message(channel: "b", id: "1")?.record == nil)
        // The id and time of a message by its place: `offset` after a key, or just before it.
        #expect(try reopened.identity(channel: "general", from: 200, "t0", offset: 0)! == ("0", 200))
        #expect(try reopened.identity(channel: "general", from: 200, "t0", offset: 2)! == ("1", 300))
        #expect(try reopened.identity(channel: "general", from: 200, "t0", offset: 3) == nil)
        #expect(try reopened.identity(channel: "general", from: 200, "t2", offset: -1)! == ("0", 200))
        #expect(try reopened.identity(channel: "general", from: 200, "t0", offset: -1) == nil)
        #expect(try reopened.identity(channel: "b", from: 0, "", offset: 0)! == ("9", 900))
        #expect(try reopened.colors() == ["#0", "#1", "#2", "#9"])
        var replies: [String] = []
        try reopened.forEachReply(channel: "general") { replies.append("\($0) \($1) → \($2.timestamp) \($2.tiebreak) \($2.localMedia)") }
        #expect(replies == ["200 t2 → 300 t1 false"], "a reply to a message the store lacks is not listed")
    }

    /// The planner's reads of a stretch of time, at the extremes of the time line too, and a second
    /// connection that reads what the first committed and writes nothing.
    @Test func entriesAndRepliesAreReadWithinASpanOfTime() throws {
        let path = Self.database()
        let store = try ArchiveStore(path: path, upgrade: Self.noUpgrade)
        #expect(try store.timeSpan(channel: "general") == nil)
        #expect(try store.entry(channel: "general", before: .max) == nil)
        try store.save(
            header: "h",
            messages: [
                Self.message("general", "5", .max, "last", replyTo: "3"), Self.message("general", "3", -1, "minus one"),
                Self.message("general", "4", 0, "zero", replyTo: "3"), Self.message("general", "6", .min, "first", replyTo: "5"),
                Self.message("b", "9", 7, "other channel"),
            ])
        #expect(try store.timeSpan(channel: "general") == Int64.min...Int64.max)
        #expect(try store.timeSpan(channel: "b") == 7...7)
        var times: [Int64] = []
        try store.forEachEntry(channel: "general", during: -1...0) { timestamp, _, _, _ in times.append(timestamp) }
        #expect(times == [-1, 0])
        times = []
        try store.forEachEntry(channel: "general", during: 0 ... .max) { timestamp, _, _, _ in times.append(timestamp) }
        #expect(times == [0, .max])
        #expect(try store.entry(channel: "general", before: 0)?.tiebreak == "t3")
        #expect(try store.entry(channel: "general", before: .max)?.tiebreak == "t4")
        #expect(try store.entry(channel: "general", before: .min) == nil)
        #expect(try store.holdsMessages(channel: "general", moreThan: 3))
        #expect(try !store.holdsMessages(channel: "general", moreThan: 4))
        #expect(try !store.holdsMessages(channel: "none", moreThan: 0))
        var replies: [String] = []
        try store.forEachReply(channel: "general", during: .min...0) { replies.append("\($0) → \($2.timestamp)") }
        #expect(replies == ["\(Int64.min) → \(Int64.max)", "0 → -1"])
        let reader = try ArchiveStore.reader(at: path)
        #expect(try Self.entries(reader, "general") == Self.entries(store, "general"))
        #expect(throws: StoreError.self) { try reader.save(header: "h2", messages: [Self.message("b", "8", 1, "eight")]) }
        #expect(try store.messageCount() == 5)
    }

    @Test func everyColourOfABatchIsKeptOnceWhateverHowOftenItRepeats() throws {
        let path = TestPaths.temporaryFolder().appendingPathComponent("archive.sqlite").path
        let store = try ArchiveStore(path: path, upgrade: Self.noUpgrade)
        var random = SeededRandom(seed: 7)
        let palette = (0..<12).map { "#C\($0)" }
        var used: Set<String> = []
        for batch in 0..<3 {
            try store.save(
                header: "h",
                messages: (0..<2_000).map { index in
                    var message = Self.message("c", "\(batch)-\(index)", Int64(batch * 2_000 + index), "r")
                    message.colors = (0..<random.below(3)).map { _ in palette[random.below(batch == 0 ? 4 : palette.count)] }
                    used.formUnion(message.colors)
                    return message
                })
            #expect(try store.colors() == used.sorted())
        }
    }

    @Test func aStoreOfSchemaVersion1IsMigrated() throws {
        let path = Self.database()
        let old = try SQLiteConnection(path: path)
        try old.execute(
            """
            CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
            INSERT INTO meta VALUES ('kind', 'parley-archive'), ('schema', '1');
            CREATE TABLE header (id INTEGER PRIMARY KEY CHECK (id = 1), record TEXT NOT NULL);
            INSERT INTO header VALUES (1, 'h');
            CREATE TABLE messages (
                channel TEXT NOT NULL, id TEXT NOT NULL, timestamp INTEGER NOT NULL, record TEXT NOT NULL,
                PRIMARY KEY (channel, id)) WITHOUT ROWID;
            CREATE INDEX messages_in_order ON messages (channel, timestamp, id);
            INSERT INTO messages VALUES ('c', '2', 20, 'c|2|20'), ('c', '1', 10, 'c|1|10');
            """)
        let failing = #expect(throws: StoreError.self) {
            try ArchiveStore(path: path) { (_, record) throws(StoreError) in throw .failed(path: path, reason: "cannot read \(record)") }
        }
        #expect(failing?.description.contains("cannot read c|") == true)
        var schema = ""
        try SQLiteConnection(path: path).query("SELECT value FROM meta WHERE key = 'schema'") { schema = $0.text(0) }
        #expect(schema == "1", "a failed migration leaves the store at version 1")

        let store = try ArchiveStore(path: path) { (channel, record) throws(StoreError) in
            let parts = record.split(separator: "|").map(String.init)
            return Self.message(channel, parts[1], Int64(parts[2])!, record)
        }
        #expect(try store.header() == "h")
        #expect(try Self.entries(store, "c") == ["10 t1 \(UInt64(6) << 60 | 7) false", "20 t2 \(UInt64(6) << 60 | 7) true"])
        #expect(try store.colors() == ["#1", "#2"])
        try SQLiteConnection(path: path).query("SELECT value FROM meta WHERE key = 'schema'") { schema = $0.text(0) }
        #expect(schema == "4")
    }

    /// The journal mode of the database at `path`, as a new connection finds it.
    static func journalMode(_ path: String) throws -> String {
        var mode = ""
        try SQLiteConnection(path: path).query("PRAGMA journal_mode") { mode = $0.text(0) }
        return mode
    }

    /// A store without messages takes its first ones under a rollback journal (which does not copy
    /// the pages they add), and is in WAL mode from that commit on; an update that fails leaves it
    /// as it was, and one without messages does not change its mode.
    @Test func aStoreIsFilledUnderARollbackJournalThenUsesTheWAL() throws {
        let path = Self.database()
        do {
            let store = try ArchiveStore(path: path, upgrade: Self.noUpgrade)
            #expect(!store.usesWAL)
            try store.save(header: "h0", messages: [])
            #expect(!store.usesWAL)
            try store.beginUpdate()
            try store.stage([Self.message("general", "1", 100, "one")])
            store.rollbackUpdate()
            #expect(!store.usesWAL)
            #expect(try store.messageCount() == 0)
        }
        #expect(try Self.journalMode(path) == "delete")
        do {
            let store = try ArchiveStore(path: path, upgrade: Self.noUpgrade)
            #expect(!store.usesWAL)
            try store.save(header: "h1", messages: [Self.message("general", "1", 100, "one")])
            #expect(store.usesWAL)
        }
        #expect(try Self.journalMode(path) == "wal")
        let reopened = try ArchiveStore(path: path, upgrade: Self.noUpgrade)
        #expect(reopened.usesWAL)
        #expect(try reopened.header() == "h1")
        #expect(try reopened.message(channel: "general", id: "1")?.record == Array("one".utf8))
    }

    /// A new store has 16 KiB pages; a database file that already has SQLite's default of 4 KiB
    /// (as every store of an earlier Parley does) keeps it: the page size of a database that holds
    /// pages cannot change without rewriting it, and the store works the same.
    @Test func aNewStoreHas16KiBPagesAndAnOlderOneKeepsItsOwn() throws {
        func pageSize(_ path: String) throws -> Int64 {
            var size: Int64 = 0
            try SQLiteConnection(path: path).query("PRAGMA page_size") { size = $0.integer(0) }
            return size
        }
        let path = Self.database()
        do {
            let store = try ArchiveStore(path: path, upgrade: Self.noUpgrade)
            try store.save(header: "h", messages: [Self.message("general", "1", 100, "one")])
        }
        #expect(try pageSize(path) == 16_384)
        let older = Self.database()
        try SQLiteConnection(path: older).execute("PRAGMA page_size=4096; CREATE TABLE t (x)")
        try SQLiteConnection(path: older).execute("DROP TABLE t")
        #expect(try pageSize(older) == 4096)
        do {
            let store = try ArchiveStore(path: older, upgrade: Self.noUpgrade)
            try store.save(header: "h", messages: [Self.message("general", "1", 100, "one")])
            #expect(try store.message(channel: "general", id: "1")?.record == Array("one".utf8))
        }
        #expect(try pageSize(older) == 4096)
    }

    /// ``ArchiveStore/reading(_:)`` runs its queries in one read transaction and ends it (the
    /// store writes again after); inside an open update it runs in the update and sees what the
    /// update staged; what its body throws comes out, and the transaction is ended still.
    @Test func readingRunsInOneTransactionOrInTheOpenUpdate() throws {
        let store = try ArchiveStore(path: Self.database(), upgrade: Self.noUpgrade)
        try store.save(header: "h", messages: [Self.message("general", "1", 100, "one")])
        let read = try store.reading { () throws(StoreError) in
            #expect(!store.connection.isAutocommit)
            return try store.message(channel: "general", id: "1")?.record
        }
        #expect(read == Array("one".utf8))
        #expect(store.connection.isAutocommit)
        #expect(throws: StoreError.self) {
            try store.reading { () throws(StoreError) in throw StoreError.failed(path: "x", reason: "thrown") }
        }
        #expect(store.connection.isAutocommit)
        try store.beginUpdate()
        try store.stage([Self.message("general", "2", 200, "two")])
        let staged = try store.reading { () throws(StoreError) in try store.message(channel: "general", id: "2")?.record }
        #expect(staged == Array("two".utf8))
        #expect(!store.connection.isAutocommit)
        try store.commitUpdate(header: "h2")
        #expect(store.connection.isAutocommit)
        #expect(try store.messageCount() == 2)
    }

    /// Version 2's `local_media` left out authors' avatars: the messages it says have none are
    /// read again, and flagged where they have a local avatar.
    @Test func aStoreOfSchemaVersion2IsMigrated() throws {
        let path = Self.database()
        do {
            let store = try ArchiveStore(path: path, upgrade: Self.noUpgrade)
            let messages = (1...5000).map { (index: Int) -> StoredMessage in
                let channel = index % 2 == 0 ? "a" : "b"
                let record = index % 1000 == 0 ? "avatar" : "text"
                return Self.message(channel, String(index + 2), Int64(index), record)
            }
            try store.save(header: "h", messages: [Self.message("a", "2", 0, "attachment")] + messages)
        }
        try SQLiteConnection(path: path).execute(
            "ALTER TABLE messages DROP COLUMN source_digest; UPDATE meta SET value = '2' WHERE key = 'schema'")
        let schema = { () throws -> String in
            var schema = ""
            try SQLiteConnection(path: path).query("SELECT value FROM meta WHERE key = 'schema'") { schema = $0.text(0) }
            return schema
        }
        #expect(throws: StoreError.self) {
            try ArchiveStore(path: path) { (_, record) throws(StoreError) in throw .failed(path: path, reason: "cannot read \(record)") }
        }
        #expect(try schema() == "2", "a failed migration leaves the store at version 2")

        var read: [String: Int] = [:]
        let store = try ArchiveStore(path: path) { (channel, record) throws(StoreError) in
            read[channel, default: 0] += 1
            var message = Self.message(channel, "0", 0, record)
            message.hasLocalMedia = record == "avatar"
            return message
        }
        #expect(read == ["a": 2500, "b": 2500], "every message but the one already flagged, in batches of 4096")
        #expect(try schema() == "4")
        var flagged: [String] = []
        for channel in ["a", "b"] {
            try store.forEachEntry(channel: channel) { timestamp, _, _, localMedia in
                if localMedia { flagged.append("\(channel) \(timestamp)") }
            }
        }
        #expect(flagged == ["a 0", "a 1000", "a 2000", "a 3000", "a 4000", "a 5000"])
    }

    /// Version 3 had no source digests: the column is added, empty, and the rows stay as they were.
    @Test func aStoreOfSchemaVersion3GainsSourceDigests() throws {
        let path = Self.database()
        do {
            let store = try ArchiveStore(path: path, upgrade: Self.noUpgrade)
            try store.save(header: "h", messages: [Self.message("c", "1", 1, "r"), Self.message("c", "2", 2, "s")])
        }
        try SQLiteConnection(path: path).execute(
            "ALTER TABLE messages DROP COLUMN source_digest; UPDATE meta SET value = '3' WHERE key = 'schema'")
        let store = try ArchiveStore(path: path) { (_, record) throws(StoreError) in throw .failed(path: path, reason: "read \(record)") }
        var schema = ""
        try SQLiteConnection(path: path).query("SELECT value FROM meta WHERE key = 'schema'") { schema = $0.text(0) }
        #expect(schema == "4")
        #expect(try Self.sourceDigests(store, "c").isEmpty)
        #expect(try store.records(channel: "c", from: 0, "", limit: 9) == [Array("r".utf8), Array("s".utf8)])

        var edited = Self.message("c", "2", 2, "s2")
        edited.sourceDigest = .max
        var third = Self.message("c", "3", 3, "t")
        third.sourceDigest = 0
        try store.save(header: "h", messages: [edited, third, Self.message("d", "1", 1, "u")])
        #expect(try Self.sourceDigests(store, "c") == ["2 \(UInt64.max)", "3 0"])
        #expect(try Self.sourceDigests(store, "d").isEmpty)
    }

    static func sourceDigests(_ store: ArchiveStore, _ channel: String) throws -> [String] {
        var digests: [String] = []
        try store.forEachSourceDigest(channel: channel) { digests.append("\(String(decoding: $0, as: UTF8.self)) \($1)") }
        return digests
    }

    @Test func aNewerSchemaVersionIsRefusedAndLeftAsItIs() throws {
        let path = Self.database()
        do {
            let store = try ArchiveStore(path: path, upgrade: Self.noUpgrade)
            try store.save(header: "h", messages: [Self.message("c", "1", 1, "r")])
        }
        try SQLiteConnection(path: path).execute("UPDATE meta SET value = '5' WHERE key = 'schema'")
        #expect(
            throws: StoreError.unsupported(
                path: path,
                reason: "archive store schema version 5; this Parley reads versions 1 to 4 (a newer Parley wrote it: use that version, "
                    + "or render into a new folder)")
        ) { try ArchiveStore(path: path, upgrade: Self.noUpgrade) }
        var rows = 0
        try SQLiteConnection(path: path).query("SELECT count(*) FROM messages") { rows = Int($0.integer(0)) }
        #expect(rows == 1)
    }

    @Test func anotherKindOfDatabaseIsRefusedBeforeAnythingIsWritten() throws {
        let other = Self.database()
        try SQLiteConnection(path: other).execute("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine');")
        let before = try Data(contentsOf: URL(fileURLWithPath: other))
        #expect(
            throws: StoreError.unsupported(path: other, reason: "not a Parley archive store (no meta table with kind 'parley-archive')")
        ) { try ArchiveStore(path: other, upgrade: Self.noUpgrade) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == before, "its journal mode and bytes are as they were")
        #expect(!FileManager.default.fileExists(atPath: other + "-wal"))

        let link = TestPaths.temporaryFolder().appendingPathComponent("archive.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: other)
        #expect(
            throws: StoreError.unsupported(
                path: link, reason: "not a regular file (a symbolic link or a folder); Parley opens only its own store")
        ) { try ArchiveStore(path: link, upgrade: Self.noUpgrade) }

        let path = Self.database()
        _ = try EventStore(path: path)
        #expect(
            throws: StoreError.unsupported(path: path, reason: "not a Parley archive store (no meta table with kind 'parley-archive')")
        ) { try ArchiveStore(path: path, upgrade: Self.noUpgrade) }
        #expect(try EventStore(path: path).channels() == [])
    }

    /// An upgrade for stores that have nothing to migrate.
    static func noUpgrade(_ channel: String, _ record: String) throws(StoreError) -> StoredMessage {
        throw .failed(path: "", reason: "nothing to migrate")
    }
}
