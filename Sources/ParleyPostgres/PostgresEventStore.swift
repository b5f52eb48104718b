import Glibc
import ParleyStore
import Synchronization

/// Parley's event log in PostgreSQL, shared by every `parley serve` that names the same database
/// (`--db postgresql://…`): ``EventStore``'s schema version 2 in PostgreSQL's types, except that
/// a version names one commit, whose events are ordered by an `ordinal` (`docs/EVENT-STORE.md`).
///
/// A channel's versions are decided by the database and dense: an append takes the channel's
/// row lock (`SELECT … FOR UPDATE`), hands the events other servers committed since the caller's
/// version to the caller, appends what it returns at the next version and commits; then it
/// announces the channel with `NOTIFY parley_events` outside the transaction. Every server thus
/// applies one commit as one change and sends the same batch for it. ``awaitCommits(timeout:)`` listens
/// for those announcements on a second connection. Each connection is used under its own lock.
public final class PostgresEventStore: SharedEventLog {
    public let path: String
    private let connection: Mutex<PostgresConnection>
    /// The connection that `LISTEN`s, opened by the first ``awaitCommits(timeout:)``.
    private let listener = Mutex<PostgresConnection?>(nil)
    /// The connection string, for the listening connection.
    private let options: String

    /// The `NOTIFY` channel that announces commits; the payload is the Parley channel's id.
    static let announcements = "parley_events"

    /// Whether `text` names a PostgreSQL database rather than a SQLite file: a `postgresql://` or
    /// `postgres://` URI, or a libpq connection string of `keyword=value` pairs that libpq reads
    /// (`host=db.internal dbname=parley`; `PQconninfoParse`). A file name never parses as one.
    public static func names(_ text: String) -> Bool {
        text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") || PostgresConnection.isConnectionString(text)
    }

    /// Connects with `options` (a libpq URI or connection string; what it leaves out comes from
    /// the `PG*` variables) and creates the tables when the database has none of them, under a
    /// transaction-scoped advisory lock so that servers starting together create them once.
    /// - Throws: ``StoreError/cannotOpen(path:reason:)`` when the server cannot be reached;
    ///   ``StoreError/unsupported(path:reason:)`` for a database whose tables are not Parley's
    ///   or whose schema version this Parley does not know (nothing is written to it);
    ///   ``StoreError/failed(path:reason:)``.
    public init(options: String) throws(StoreError) {
        let connection = try PostgresConnection(options)
        path = connection.target
        self.options = options
        try Self.prepareSchema(connection)
        try Self.checkIdentity(connection)
        self.connection = Mutex(connection)
    }

    /// Gives every channel a new epoch when the database is not the one the log was last used in
    /// — its object id (`pg_database.oid`) differs from `meta`'s `database`, as after `pg_restore`
    /// into a new database — so that no viewer resumes into versions that now name other content.
    /// Run at the start and after every reconnect, under the advisory lock, so one server does it.
    private static func checkIdentity(_ connection: PostgresConnection) throws(StoreError) {
        try transaction(connection) { () throws(StoreError) in
            try connection.query("SELECT pg_advisory_xact_lock(hashtext('parley-events'))")
            let current = try connection.query("SELECT oid::text FROM pg_database WHERE datname = current_database()")
            let recorded = try connection.query("SELECT value FROM meta WHERE key = 'database'")
            guard let identity = current.first?.first ?? nil, recorded.first?.first != identity else { return }
            if !recorded.isEmpty {
                try connection.query(
                    "UPDATE channels SET epoch = substr(md5(random()::text || clock_timestamp()::text || id), 1, 16)")
            }
            try connection.query(
                "INSERT INTO meta VALUES ('database', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [identity])
        }
    }

    private static func prepareSchema(_ connection: PostgresConnection) throws(StoreError) {
        try transaction(connection) { () throws(StoreError) in
            try connection.query("SELECT pg_advisory_xact_lock(hashtext('parley-events'))")
            let tables = Set(
                try connection.query("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")
                    .compactMap { $0.first ?? nil })
            guard tables.isEmpty else { return try check(connection, tables: tables) }
            try connection.query("CREATE TABLE meta (key text PRIMARY KEY, value text NOT NULL)")
            try connection.query(
                "INSERT INTO meta VALUES ('kind', $1), ('schema', $2)", [EventStore.kind, String(EventStore.schemaVersion)])
            try connection.query(
                """
                CREATE TABLE channels (
                    id text PRIMARY KEY, header text NOT NULL, version bigint NOT NULL DEFAULT 0,
                    epoch text NOT NULL DEFAULT '', created bigint GENERATED ALWAYS AS IDENTITY)
                """)
            try connection.query(
                """
                CREATE TABLE events (
                    channel text NOT NULL REFERENCES channels (id), version bigint NOT NULL, ordinal integer NOT NULL,
                    record text NOT NULL, PRIMARY KEY (channel, version, ordinal))
                """)
        }
    }

    /// Refuses a database whose `tables` are not an event log of this schema version.
    private static func check(_ connection: PostgresConnection, tables: Set<String>) throws(StoreError) {
        let target = connection.target
        guard tables.contains("meta") else {
            throw .unsupported(
                path: target, reason: "not a Parley event database (it holds tables \(tables.sorted().joined(separator: ", ")))")
        }
        var meta: [String: String] = [:]
        for row in try connection.query("SELECT key, value FROM meta") {
            if let key = row[0], let value = row[1] { meta[key] = value }
        }
        guard meta["kind"] == EventStore.kind else {
            throw .unsupported(
                path: target,
                reason: "not a Parley event database (its meta table names kind '\(meta["kind"] ?? "")', not '\(EventStore.kind)')")
        }
        guard meta["schema"] == String(EventStore.schemaVersion) else {
            throw .unsupported(
                path: target,
                reason: "event database schema version \(meta["schema"] ?? "?"); this Parley reads version \(EventStore.schemaVersion) "
                    + "(a newer Parley wrote it: use that version, or give --db another database)")
        }
    }

    /// Runs `body` between `BEGIN` and `COMMIT`, rolling back when it throws.
    private static func transaction<T>(_ connection: PostgresConnection, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try connection.query("BEGIN")
        do throws(StoreError) {
            let value = try body()
            try connection.query("COMMIT")
            return value
        } catch {
            _ = try? connection.query("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` on the connection, first opening it again when it is known to be lost. When
    /// `body`'s first statement fails because the connection was lost meanwhile (the server
    /// restarted, or ended the session), nothing of `body` reached the server: the connection is
    /// opened again and `body` run once more. A failure after that is thrown — its outcome may be
    /// unknown (a lost `COMMIT`), so it is never retried.
    private func withConnection<T>(_ body: (PostgresConnection) throws(StoreError) -> T) throws(StoreError) -> T {
        try connection.withLock { connection throws(StoreError) in
            if connection.isBroken {
                guard connection.reconnect() else { throw .failed(path: path, reason: "the connection to the server is lost") }
                try Self.checkIdentity(connection)
            }
            connection.statementsSent = 0
            do throws(StoreError) {
                return try body(connection)
            } catch {
                guard connection.statementsSent == 1, connection.isBroken, connection.reconnect() else { throw error }
                try Self.checkIdentity(connection)
                return try body(connection)
            }
        }
    }

    /// Adds channel `id` with `header` and `epoch` unless the database holds it already.
    /// - Returns: the channel's epoch in the database (`epoch` for a new channel).
    @discardableResult
    public func createChannel(_ id: String, header: String, epoch: String) throws(StoreError) -> String {
        try withConnection { connection throws(StoreError) in
            let rows = try connection.query(
                """
                WITH added AS (
                    INSERT INTO channels (id, header, epoch) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING RETURNING epoch)
                SELECT epoch FROM added UNION ALL SELECT epoch FROM channels WHERE id = $1
                """, [id, header, epoch])
            return rows.first?.first.flatMap { $0 } ?? epoch
        }
    }

    public func channels() throws(StoreError) -> [StoredChannel] {
        try withConnection { connection throws(StoreError) in
            try connection.query("SELECT id, header, version, epoch FROM channels ORDER BY created").map { row in
                StoredChannel(id: row[0] ?? "", header: row[1] ?? "", version: Int(row[2] ?? "") ?? 0, epoch: row[3] ?? "")
            }
        }
    }

    /// The most rows one `INSERT` names (four parameters each, under libpq's 65,535).
    static let rowsPerInsert = 1_000

    /// Appends the records `prepare` returns as the channel's next version, one commit.
    /// - Returns: that version once per record (empty when `prepare` returned none).
    public func append(to channel: String, after known: Int, in epoch: String?, _ prepare: ([StoredEvent]) -> [String])
        throws(StoreError) -> [Int]
    {
        let versions = try withConnection { connection throws(StoreError) in
            try Self.transaction(connection) { () throws(StoreError) -> [Int] in
                let locked = try connection.query("SELECT version, epoch FROM channels WHERE id = $1 FOR UPDATE", [channel])
                guard let row = locked.first, let start = row[0].flatMap({ Int($0) }) else {
                    throw .unknownChannel(path: path, channel: channel)
                }
                if epoch.map({ $0 != row[1] }) ?? false || start < known && known != .max {
                    throw .historyReplaced(path: path, channel: channel)
                }
                let committed = start > known ? try Self.events(connection, channel, after: known) : []
                let records = prepare(committed)
                guard !records.isEmpty else { return [] }
                let version = String(start + 1)
                for rows in stride(from: 0, to: records.count, by: Self.rowsPerInsert) {
                    var values: [String] = []
                    var parameters: [String?] = []
                    for ordinal in rows..<min(rows + Self.rowsPerInsert, records.count) {
                        let first = parameters.count
                        values.append("($\(first + 1), $\(first + 2), $\(first + 3), $\(first + 4))")
                        parameters += [channel, version, String(ordinal + 1), records[ordinal]]
                    }
                    try connection.query(
                        "INSERT INTO events (channel, version, ordinal, record) VALUES \(values.joined(separator: ", "))", parameters)
                }
                try connection.query("UPDATE channels SET version = $1 WHERE id = $2", [version, channel])
                return Array(repeating: start + 1, count: records.count)
            }
        }
        if !versions.isEmpty {
            _ = try? withConnection { connection throws(StoreError) in
                try connection.query("SELECT pg_notify($1, $2)", [Self.announcements, channel])
            }
        }
        return versions
    }

    public func events(in channel: String, after version: Int) throws(StoreError) -> [StoredEvent] {
        try withConnection { connection throws(StoreError) in try Self.events(connection, channel, after: version) }
    }

    private static func events(_ connection: PostgresConnection, _ channel: String, after version: Int) throws(StoreError)
        -> [StoredEvent]
    {
        try connection.query(
            "SELECT version, record FROM events WHERE channel = $1 AND version > $2 ORDER BY version, ordinal",
            [channel, String(version)]
        ).map { row in StoredEvent(version: Int(row[0] ?? "") ?? 0, record: row[1] ?? "") }
    }

    /// Gives `channel` the epoch `new` unless its epoch is no longer `old` (another server
    /// replaced it first).
    /// - Returns: the channel's epoch afterwards.
    public func replaceEpoch(of channel: String, _ old: String, with new: String) throws(StoreError) -> String {
        try withConnection { connection throws(StoreError) in
            try connection.query("UPDATE channels SET epoch = $3 WHERE id = $1 AND epoch = $2", [channel, old, new])
            return try connection.query("SELECT epoch FROM channels WHERE id = $1", [channel]).first?.first.flatMap { $0 } ?? new
        }
    }

    /// Waits on the listening connection's socket (poll(2)) for `NOTIFY parley_events`. A lost
    /// or new listening connection gives nil, as announcements may have been missed; so does
    /// one that cannot be opened (after waiting `timeout`, so a caller's loop does not spin).
    public func awaitCommits(timeout: Duration) -> Set<String>? {
        let milliseconds = Int32(clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        return listener.withLock { listener -> Set<String>? in
            guard let listening = listener, !listening.isBroken else {
                listener = try? Self.listen(options)
                if listener == nil { usleep(UInt32(max(0, milliseconds)) * 1000) }
                return nil
            }
            var descriptor = pollfd(fd: listening.socket, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, milliseconds) >= 0 else { return [] }
            do {
                return Set(try listening.notifications())
            } catch {
                listener = nil
                return nil
            }
        }
    }

    /// A new connection that listens for announcements.
    private static func listen(_ options: String) throws(StoreError) -> PostgresConnection {
        let connection = try PostgresConnection(options)
        try connection.query("LISTEN \(announcements)")
        return connection
    }
}
