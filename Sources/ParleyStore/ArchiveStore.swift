import Glibc

/// The store a static archive keeps of every message it has seen (`DIR/.parley/archive.sqlite`,
/// `docs/ARCHIVE-STORE.md`): one Parley JSON Lines `message` record per channel and message id,
/// and the header record (channels, directory, grouping rules) of everything merged so far.
///
/// A message is never removed: a newer export that lacks it leaves its row as it is. Records are
/// JSON text the store does not interpret; the caller decides which copy of a message wins and
/// hands over only what changed. Every write is one transaction (WAL journal,
/// `synchronous=FULL`): a killed render leaves the store as it was before, or with the whole
/// update. One connection, used by one thread (not `Sendable`): a render owns its store.
public final class ArchiveStore {
    /// The schema version this Parley writes and reads.
    public static let schemaVersion = 1
    /// What `meta.kind` says in an archive store.
    static let kind = "parley-archive"

    /// The database file.
    public let path: String
    private let connection: SQLiteConnection

    /// Opens the store at `path`, creating it (schema version ``schemaVersion``) when the file
    /// does not exist or is empty.
    /// - Throws: ``StoreError/cannotOpen(path:reason:)``; ``StoreError/unsupported(path:reason:)``
    ///   for a symbolic link or anything but a regular file, or a database that is not an archive
    ///   store or has another schema version (left untouched: nothing is written before the check);
    ///   ``StoreError/failed(path:reason:)``.
    public init(path: String) throws(StoreError) {
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw .unsupported(path: path, reason: "not a regular file (a symbolic link or a folder); Parley opens only its own store")
        }
        let connection = try SQLiteConnection(path: path)
        var tables = 0
        try connection.query("SELECT count(*) FROM sqlite_master WHERE type = 'table'") { tables = Int($0.integer(0)) }
        if tables > 0 {
            // Checked before anything is written (the journal mode too): another database is left as it was.
            var meta: [String: String] = [:]
            try? connection.query("SELECT key, value FROM meta") { meta[$0.text(0)] = $0.text(1) }
            guard meta["kind"] == Self.kind else {
                throw .unsupported(path: path, reason: "not a Parley archive store (no meta table with kind '\(Self.kind)')")
            }
            guard meta["schema"] == String(Self.schemaVersion) else {
                throw .unsupported(
                    path: path,
                    reason: "archive store schema version \(meta["schema"] ?? "?"); this Parley reads version \(Self.schemaVersion) "
                        + "(a newer Parley wrote it: use that version, or render into a new folder)")
            }
        }
        try connection.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;")
        if tables == 0 {
            try connection.execute(
                """
                BEGIN IMMEDIATE;
                CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
                INSERT INTO meta VALUES ('kind', '\(Self.kind)'), ('schema', '\(Self.schemaVersion)');
                CREATE TABLE header (id INTEGER PRIMARY KEY CHECK (id = 1), record TEXT NOT NULL);
                CREATE TABLE messages (
                    channel TEXT NOT NULL, id TEXT NOT NULL, timestamp INTEGER NOT NULL, record TEXT NOT NULL,
                    PRIMARY KEY (channel, id)) WITHOUT ROWID;
                CREATE INDEX messages_in_order ON messages (channel, timestamp, id);
                COMMIT;
                """)
        }
        self.path = path
        self.connection = connection
    }

    /// The header record, or nil for a store nothing was written to.
    public func header() throws(StoreError) -> String? {
        var record: String?
        try connection.query("SELECT record FROM header WHERE id = 1") { record = $0.text(0) }
        return record
    }

    /// The number of messages stored.
    public func messageCount() throws(StoreError) -> Int {
        var count = 0
        try connection.query("SELECT count(*) FROM messages") { count = Int($0.integer(0)) }
        return count
    }

    /// Calls `body` with every stored message, channel by channel (channel ids in byte order),
    /// each channel's in time order (then id).
    /// - Complexity: O(n log n) at worst; the `messages_in_order` index gives the order.
    public func forEachMessage(_ body: (StoredMessage) -> Void) throws(StoreError) {
        try connection.query("SELECT channel, id, timestamp, record FROM messages ORDER BY channel, timestamp, id") { row in
            body(StoredMessage(channel: row.text(0), id: row.text(1), timestamp: row.integer(2), record: row.text(3)))
        }
    }

    /// Writes `header` and `messages` (each replacing the stored copy of its channel and id) in
    /// one transaction: all are committed, or none.
    /// - Throws: ``StoreError/failed(path:reason:)`` (nothing is changed then).
    /// - Complexity: O(k log n) for k messages in a store of n.
    public func save(header: String, messages: [StoredMessage]) throws(StoreError) {
        try connection.execute("BEGIN IMMEDIATE")
        do throws(StoreError) {
            try connection.query("INSERT OR REPLACE INTO header (id, record) VALUES (1, ?)", [.text(header)])
            try connection.queryEach(
                "INSERT OR REPLACE INTO messages (channel, id, timestamp, record) VALUES (?, ?, ?, ?)",
                messages.lazy.map { [.text($0.channel), .text($0.id), .integer($0.timestamp), .text($0.record)] })
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }
}

/// A message as an archive store keeps it: its channel and id, its time (UTC milliseconds, for
/// the order) and its Parley JSON Lines `message` record.
public struct StoredMessage: Hashable, Sendable {
    public var channel: String
    public var id: String
    public var timestamp: Int64
    public var record: String

    public init(channel: String, id: String, timestamp: Int64, record: String) {
        self.channel = channel
        self.id = id
        self.timestamp = timestamp
        self.record = record
    }
}
