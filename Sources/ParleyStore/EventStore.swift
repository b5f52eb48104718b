import Synchronization

/// Durable storage of Parley JSON Lines events in SQLite: every accepted event is committed
/// (WAL journal, `synchronous=FULL`) before the caller acknowledges it.
///
/// Versions come from the database, per channel: the n-th event ever appended to a channel has
/// version n, so a viewer's `Last-Event-ID` stays meaningful across restarts. Records are kept
/// as their JSON text, exactly as received; the store does not interpret them.
/// All calls are serialized on one connection.
public final class EventStore: Sendable {
    /// The database file.
    public let path: String
    private let connection: Mutex<SQLiteConnection>

    /// Opens or creates the database at `path` and its schema.
    /// - Throws: ``StoreError/cannotOpen(path:reason:)`` or ``StoreError/failed(path:reason:)``.
    public init(path: String) throws(StoreError) {
        let connection = try SQLiteConnection(path: path)
        try connection.execute(
            """
            PRAGMA journal_mode=WAL;
            PRAGMA synchronous=FULL;
            CREATE TABLE IF NOT EXISTS channels (
                id TEXT PRIMARY KEY, header TEXT NOT NULL, version INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE IF NOT EXISTS events (
                channel TEXT NOT NULL, version INTEGER NOT NULL, record TEXT NOT NULL,
                PRIMARY KEY (channel, version)) WITHOUT ROWID;
            """)
        self.path = path
        self.connection = Mutex(connection)
    }

    /// Adds a channel with its header record (JSON text); an existing channel is left as is.
    public func createChannel(_ id: String, header: String) throws(StoreError) {
        try connection.withLock { connection throws(StoreError) in
            try connection.query("INSERT OR IGNORE INTO channels (id, header) VALUES (?, ?)", [.text(id), .text(header)])
        }
    }

    /// The channels in the database, in creation order, with their headers and current versions.
    public func channels() throws(StoreError) -> [StoredChannel] {
        try connection.withLock { connection throws(StoreError) in
            var channels: [StoredChannel] = []
            try connection.query("SELECT id, header, version FROM channels ORDER BY rowid") { row in
                channels.append(StoredChannel(id: row.text(0), header: row.text(1), version: Int(row.integer(2))))
            }
            return channels
        }
    }

    /// Appends `records` to `channel` in one transaction: all are committed, or none.
    /// - Returns: the versions given to the records, in order (empty for no records).
    /// - Throws: ``StoreError/unknownChannel(path:channel:)`` or ``StoreError/failed(path:reason:)``.
    public func append(_ records: [String], to channel: String) throws(StoreError) -> [Int] {
        guard !records.isEmpty else { return [] }
        return try connection.withLock { connection throws(StoreError) in
            try connection.execute("BEGIN IMMEDIATE")
            do throws(StoreError) {
                var current: Int?
                try connection.query("SELECT version FROM channels WHERE id = ?", [.text(channel)]) { current = Int($0.integer(0)) }
                guard let start = current else { throw .unknownChannel(path: path, channel: channel) }
                var versions: [Int] = []
                for (offset, record) in records.enumerated() {
                    let version = start + offset + 1
                    try connection.query(
                        "INSERT INTO events (channel, version, record) VALUES (?, ?, ?)",
                        [.text(channel), .integer(Int64(version)), .text(record)])
                    versions.append(version)
                }
                try connection.query(
                    "UPDATE channels SET version = ? WHERE id = ?", [.integer(Int64(start + records.count)), .text(channel)])
                try connection.execute("COMMIT")
                return versions
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// The events of `channel` with a version above `version`, in order.
    public func events(in channel: String, after version: Int = 0) throws(StoreError) -> [StoredEvent] {
        try connection.withLock { connection throws(StoreError) in
            var events: [StoredEvent] = []
            try connection.query(
                "SELECT version, record FROM events WHERE channel = ? AND version > ? ORDER BY version",
                [.text(channel), .integer(Int64(version))]
            ) { row in events.append(StoredEvent(version: Int(row.integer(0)), record: row.text(1))) }
            return events
        }
    }
}

/// A channel as stored: its id, header record and the version of its last event.
public struct StoredChannel: Hashable, Sendable {
    public var id: String
    public var header: String
    public var version: Int

    public init(id: String, header: String, version: Int) {
        self.id = id
        self.header = header
        self.version = version
    }
}

/// An event as stored: its version in its channel and its JSON record.
public struct StoredEvent: Hashable, Sendable {
    public var version: Int
    public var record: String

    public init(version: Int, record: String) {
        self.version = version
        self.record = record
    }
}
