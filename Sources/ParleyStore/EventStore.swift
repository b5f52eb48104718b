import Synchronization

/// Durable storage of Parley JSON Lines events in SQLite, for one server process: every accepted
/// event is committed (WAL journal, `synchronous=FULL`) before the caller acknowledges it.
///
/// Versions come from the database, per channel: the n-th event ever appended to a channel has
/// version n, so a viewer's `Last-Event-ID` stays meaningful across restarts. Records are kept
/// as their JSON text, exactly as received; the store does not interpret them.
/// All calls are serialized on one connection.
public final class EventStore: EventLog {
    /// The database file.
    public let path: String
    private let connection: Mutex<SQLiteConnection>

    /// The schema version this Parley writes and reads (`docs/EVENT-STORE.md`).
    public static let schemaVersion = 2
    /// What `meta.kind` says in an event store.
    package static let kind = "parley-events"

    /// Opens the database at `path`, creating it (schema version ``schemaVersion``) when the file
    /// does not exist or is empty. A database of schema version 1 (Parley before epochs: the
    /// `channels` and `events` tables without a `meta` table) is migrated in one transaction.
    /// - Throws: ``StoreError/cannotOpen(path:reason:)``; ``StoreError/unsupported(path:reason:)``
    ///   for a database that is not an event store or has a schema version this Parley does not
    ///   know (left untouched: nothing is written before the check); ``StoreError/failed(path:reason:)``.
    public init(path: String) throws(StoreError) {
        let connection = try SQLiteConnection(path: path)
        var tables: Set<String> = []
        try connection.query("SELECT name FROM sqlite_master WHERE type = 'table'") { tables.insert($0.text(0)) }
        var schema = Self.schemaVersion
        if tables.contains("meta") {
            var meta: [String: String] = [:]
            try? connection.query("SELECT key, value FROM meta") { meta[$0.text(0)] = $0.text(1) }
            guard meta["kind"] == Self.kind else {
                throw .unsupported(
                    path: path,
                    reason: "not a Parley event database (its meta table names kind '\(meta["kind"] ?? "")', not '\(Self.kind)')")
            }
            guard let version = meta["schema"].flatMap({ Int($0) }), version == Self.schemaVersion else {
                throw .unsupported(
                    path: path,
                    reason: "event database schema version \(meta["schema"] ?? "?"); this Parley reads versions 1 to \(Self.schemaVersion) "
                        + "(a newer Parley wrote it: use that version, or give --db a new file)")
            }
        } else if tables == ["channels", "events"] {
            schema = 1
        } else if !tables.isEmpty {
            throw .unsupported(
                path: path, reason: "not a Parley event database (it holds tables \(tables.sorted().joined(separator: ", ")))")
        }
        try connection.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;")
        self.path = path
        self.connection = Mutex(connection)
        if tables.isEmpty {
            try transaction(
                """
                CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
                INSERT INTO meta VALUES ('kind', '\(Self.kind)'), ('schema', '\(Self.schemaVersion)');
                CREATE TABLE channels (
                    id TEXT PRIMARY KEY, header TEXT NOT NULL, version INTEGER NOT NULL DEFAULT 0, epoch TEXT NOT NULL DEFAULT '');
                CREATE TABLE events (
                    channel TEXT NOT NULL, version INTEGER NOT NULL, record TEXT NOT NULL,
                    PRIMARY KEY (channel, version)) WITHOUT ROWID;
                """)
        } else if schema == 1 {
            try transaction(
                """
                CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
                INSERT INTO meta VALUES ('kind', '\(Self.kind)'), ('schema', '\(Self.schemaVersion)');
                ALTER TABLE channels ADD COLUMN epoch TEXT NOT NULL DEFAULT '';
                """)
        }
    }

    /// Runs `script` in one immediate transaction: all of it, or nothing.
    private func transaction(_ script: String) throws(StoreError) {
        try connection.withLock { connection throws(StoreError) in
            try connection.execute("BEGIN IMMEDIATE")
            do throws(StoreError) {
                try connection.execute(script)
                try connection.execute("COMMIT")
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// Adds a channel with its header record (JSON text) and sets its epoch; an existing
    /// channel keeps its header and events and takes the new epoch (`parley serve` takes a new
    /// epoch for every channel at every start).
    /// - Parameter epoch: The channel's epoch (opaque text, see `ChannelEpoch`).
    /// - Returns: `epoch`.
    @discardableResult
    public func createChannel(_ id: String, header: String, epoch: String) throws(StoreError) -> String {
        try connection.withLock { connection throws(StoreError) in
            try connection.query(
                "INSERT INTO channels (id, header, epoch) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET epoch = excluded.epoch",
                [.text(id), .text(header), .text(epoch)])
        }
        return epoch
    }

    /// The channels in the database, in creation order, with their headers, current versions and
    /// epochs.
    public func channels() throws(StoreError) -> [StoredChannel] {
        try connection.withLock { connection throws(StoreError) in
            var channels: [StoredChannel] = []
            try connection.query("SELECT id, header, version, epoch FROM channels ORDER BY rowid") { row in
                channels.append(StoredChannel(id: row.text(0), header: row.text(1), version: Int(row.integer(2)), epoch: row.text(3)))
            }
            return channels
        }
    }

    /// Appends the records `prepare` returns to `channel` in one immediate transaction: all are
    /// committed, or none. `prepare` sees the events after `known` (none unless another writer
    /// shares the file, which `parley serve` does not do).
    /// - Returns: the versions given to the records, in order (empty for no records).
    /// - Throws: ``StoreError/unknownChannel(path:channel:)`` or ``StoreError/failed(path:reason:)``.
    public func append(to channel: String, after known: Int, in epoch: String?, _ prepare: ([StoredEvent]) -> [String])
        throws(StoreError) -> [Int]
    {
        try connection.withLock { connection throws(StoreError) in
            try connection.execute("BEGIN IMMEDIATE")
            do throws(StoreError) {
                var current: (version: Int, epoch: String)?
                try connection.query("SELECT version, epoch FROM channels WHERE id = ?", [.text(channel)]) {
                    current = (Int($0.integer(0)), $0.text(1))
                }
                guard let (start, stored) = current else { throw .unknownChannel(path: path, channel: channel) }
                if epoch.map({ $0 != stored }) ?? false || start < known && known != .max {
                    throw .historyReplaced(path: path, channel: channel)
                }
                var committed: [StoredEvent] = []
                if start > known {
                    try connection.query(
                        "SELECT version, record FROM events WHERE channel = ? AND version > ? ORDER BY version",
                        [.text(channel), .integer(Int64(known))]
                    ) { row in committed.append(StoredEvent(version: Int(row.integer(0)), record: row.text(1))) }
                }
                let records = prepare(committed)
                guard !records.isEmpty else {
                    try connection.execute("ROLLBACK")
                    return []
                }
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
    public func events(in channel: String, after version: Int) throws(StoreError) -> [StoredEvent] {
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

/// A channel as stored: its id, header record, the version of its last event and its epoch
/// (empty for a channel no server has started with since the database was migrated).
public struct StoredChannel: Hashable, Sendable {
    public var id: String
    public var header: String
    public var version: Int
    public var epoch: String

    public init(id: String, header: String, version: Int, epoch: String = "") {
        self.id = id
        self.header = header
        self.version = version
        self.epoch = epoch
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
