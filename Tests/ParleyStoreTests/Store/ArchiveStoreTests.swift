import Foundation
import ParleyTestSupport
import Testing

@testable import ParleyStore

/// An archive's store keeps every message it was given, in time order per channel, replaces a
/// message only with a copy handed over again, and refuses a database it does not understand.
@Suite struct ArchiveStoreTests {
    static func database() -> String { TestPaths.temporaryFolder().appendingPathComponent("archive.sqlite").path }

    static func message(_ channel: String, _ id: String, _ time: Int64, _ record: String) -> StoredMessage {
        StoredMessage(channel: channel, id: id, timestamp: time, record: record)
    }

    static func all(_ store: ArchiveStore) throws -> [StoredMessage] {
        var messages: [StoredMessage] = []
        try store.forEachMessage { messages.append($0) }
        return messages
    }

    @Test func messagesAreKeptReplacedByIdAndReadInTimeOrder() throws {
        let path = Self.database()
        do {
            let store = try ArchiveStore(path: path)
            #expect(try store.header() == nil)
            #expect(try store.messageCount() == 0)
            try store.save(
                header: "h1",
                messages: [
                    Self.message("general", "2", 200, "two"), Self.message("general", "1", 100, "one"), Self.message("b", "9", 900, "nine"),
                ])
        }
        let reopened = try ArchiveStore(path: path)
        try reopened.save(
            header: "h2", messages: [Self.message("general", "1", 100, "one, edited"), Self.message("general", "0", 200, "zero")])
        #expect(try reopened.header() == "h2")
        #expect(
            try Self.all(reopened) == [
                Self.message("b", "9", 900, "nine"), Self.message("general", "1", 100, "one, edited"),
                Self.message("general", "0", 200, "zero"),
                Self.message("general", "2", 200, "two"),
            ])
    }

    @Test func aNewerSchemaVersionIsRefusedAndLeftAsItIs() throws {
        let path = Self.database()
        do {
            let store = try ArchiveStore(path: path)
            try store.save(header: "h", messages: [Self.message("c", "1", 1, "r")])
        }
        try SQLiteConnection(path: path).execute("UPDATE meta SET value = '2' WHERE key = 'schema'")
        #expect(
            throws: StoreError.unsupported(
                path: path,
                reason: "archive store schema version 2; this Parley reads version 1 (a newer Parley wrote it: use that version, "
                    + "or render into a new folder)")
        ) { try ArchiveStore(path: path) }
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
        ) { try ArchiveStore(path: other) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == before, "its journal mode and bytes are as they were")
        #expect(!FileManager.default.fileExists(atPath: other + "-wal"))

        let link = TestPaths.temporaryFolder().appendingPathComponent("archive.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: other)
        #expect(
            throws: StoreError.unsupported(
                path: link, reason: "not a regular file (a symbolic link or a folder); Parley opens only its own store")
        ) { try ArchiveStore(path: link) }

        let path = Self.database()
        _ = try EventStore(path: path)
        #expect(
            throws: StoreError.unsupported(path: path, reason: "not a Parley archive store (no meta table with kind 'parley-archive')")
        ) { try ArchiveStore(path: path) }
        #expect(try EventStore(path: path).channels() == [])
    }
}
