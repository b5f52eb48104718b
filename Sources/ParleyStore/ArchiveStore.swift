import Glibc
import ParleyDigest

/// The store a static archive keeps of every message it has seen (`DIR/.parley/archive.sqlite`,
/// `docs/ARCHIVE-STORE.md`): one Parley JSON Lines `message` record per channel and message id,
/// kept in display order, the header record (channels, directory, grouping rules) of everything
/// merged so far, and every colour a message uses.
///
/// A message is never lost: a newer export that lacks it leaves its row as it is, and a row is
/// removed only to move it to the channel an earlier Parley knew by another id
/// (``removeMessage(channel:id:)``, in the same update as its new copy). Records are
/// JSON text the store does not interpret; the caller decides which copy of a message wins, hands
/// over only what changed, and derives the columns the archive's pages are planned with (order key,
/// digest, reply target, local media). Every write is one transaction (WAL journal, a rollback
/// journal until the store first holds messages; `synchronous=FULL`): a killed render leaves the
/// store as it was before, or with the whole update. One connection, used by one thread (not
/// `Sendable`): a render owns its store.
public final class ArchiveStore {
    /// The schema version this Parley writes and reads.
    public static let schemaVersion = 4
    /// What `meta.kind` says in an archive store.
    static let kind = "parley-archive"
    /// The page size of a new store, bytes. Every page SQLite reads is a `pread`, a copy out of
    /// the kernel's page cache, and a first render reads the whole table three times (the index
    /// sort, the pages' two plan scans) besides the pages' own reads. Measured in the sqlite3
    /// shell on the store of 1,000,000 generated Discord messages (668 MB), with a 2,000 KiB
    /// cache: the plan's two scans 0.73 / 0.75 s with SQLite's default of 4 KiB, 0.64 / 0.60 s
    /// with 8 KiB, 0.47 / 0.46 s with 16 KiB (system time 0.40 → 0.14 s); the index sort 0.64 /
    /// 0.71 s, 0.52 / 0.56 s, 0.50 / 0.53 s. In whole renders the store phase went from 1.56 /
    /// 1.94 s to 1.00 / 1.15 s. 64 KiB pages were no faster. Peak memory stays where it was with
    /// the cache set again after the page size and the sorter's runs at 125 pages
    /// (``SQLiteConnection/sorterRunPages``).
    static let pageSize = 16_384

    /// The database file.
    public let path: String
    let connection: SQLiteConnection
    /// Whether the store is in WAL mode: false while a store without messages takes its first
    /// ones (``init(path:upgrade:)``).
    public private(set) var usesWAL = true
    /// The channels and files of the current update's sightings, numbered: the sighting table
    /// keeps a number for each, so a row takes about 60 bytes instead of 150.
    private var sightingChannels = Numbering()
    private var sightingFiles = Numbering()
    /// While an update defers its sightings (``beginUpdate()``): the ids it met, so that a first
    /// sighting needs no lookup; nil once the update keeps its sightings indexed.
    private var sightingFilter: SightingFilter?
    /// While an update defers its sightings, its first sightings, in order: read back into the
    /// sighting table only if the deferral ends.
    private var spill: SightingSpill?
    /// Whether the open update is a fill of a store that held no messages, which also defers its
    /// index by id, as long as it defers its sightings.
    private var fill = false
    /// During a fill, the ids met first and not staged yet, in the order met (a staging batch at
    /// most), from `stagedFront` on: a row staged in its turn is the only copy of its id, so the
    /// deferred index stays unique; any other row ends the deferral. A queue, not a set: the
    /// intake stages rows in the order it met them, and comparing with the front hashes nothing.
    private var awaitingStage: [SightingKey] = []
    private var stagedFront = 0
    /// During an update under the rollback journal (a first render): the database file's early
    /// write-back, started after every staged batch (``WriteBack``). Under the WAL an update's
    /// pages go to the log, a few megabytes at a time.
    private var writeBack: WriteBack?
    /// The blocks of an update's ``SightingFilter`` (tests make it small, so that it errs).
    package var sightingFilterBlocks = SightingFilter.defaultBlocks
    /// Whether an update of a store that holds messages defers its sightings (tests turn it off
    /// for the update every other is compared with).
    package var defersSightings = true
    /// Whether the open update is a fill that still defers its sightings' index (``beginUpdate()``).
    package var defersIndexByID: Bool { fill }
    /// Whether the open update still defers its sightings (``beginUpdate()``).
    package var defersSightingIndex: Bool { sightingFilter != nil }
    /// During a fill, whether the index by id is still kept: it is while the rows come in (channel,
    /// id) order, each insert then next to the last (`lastInOrder`), with at most
    /// ``indexOrderRestarts`` rows where that order starts again (`orderRestarts`); the next such
    /// row drops it (``beginUpdate()``).
    package private(set) var keepsIndexByIDInOrder = false
    private var lastInOrder: (channel: String, id: String)?
    private var orderRestarts = 0
    /// The rows out of (channel, id) order a fill keeps its index by id through: each starts a run
    /// of inserts at another place in the index. A DiscordChatExporter export has one where its
    /// snowflakes gain a digit (`999…` then `1000…`, in 2022: ids are compared as text), a
    /// Telegram export one per digit of its message numbers, a Slack export one per channel of a
    /// lower id; a WhatsApp chat's hashed ids reach the limit within its first hundred messages.
    static let indexOrderRestarts = 64

    /// Opens the store at `path`, creating it (schema version ``schemaVersion``) when the file
    /// does not exist or is empty. A store of an earlier schema version is migrated in one
    /// transaction each: `upgrade` derives each stored message's columns from its record (version 1:
    /// every message; version 2: those whose `local_media` says no, since it left out authors'
    /// avatars); version 3 gains the `source_digest` column, empty.
    /// - Throws: ``StoreError/cannotOpen(path:reason:)``; ``StoreError/unsupported(path:reason:)``
    ///   for a symbolic link or anything but a regular file, or a database that is not an archive
    ///   store or has a schema version this Parley does not know (left untouched: nothing is written
    ///   before the check); ``StoreError/failed(path:reason:)``, also when `upgrade` throws (the
    ///   store is left at its version then).
    public init(path: String, upgrade: (_ channel: String, _ record: String) throws(StoreError) -> StoredMessage) throws(StoreError) {
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw .unsupported(path: path, reason: "not a regular file (a symbolic link or a folder); Parley opens only its own store")
        }
        let connection = try SQLiteConnection(path: path)
        var tables = 0
        try connection.query("SELECT count(*) FROM sqlite_master WHERE type = 'table'") { tables = Int($0.integer(0)) }
        var schema = Self.schemaVersion
        if tables > 0 {
            // Checked before anything is written (the journal mode too): another database is left as it was.
            var meta: [String: String] = [:]
            try? connection.query("SELECT key, value FROM meta") { meta[$0.text(0)] = $0.text(1) }
            guard meta["kind"] == Self.kind else {
                throw .unsupported(path: path, reason: "not a Parley archive store (no meta table with kind '\(Self.kind)')")
            }
            guard let version = meta["schema"].flatMap({ Int($0) }), (1...Self.schemaVersion).contains(version) else {
                throw .unsupported(
                    path: path,
                    reason: "archive store schema version \(meta["schema"] ?? "?"); this Parley reads versions 1 to \(Self.schemaVersion) "
                        + "(a newer Parley wrote it: use that version, or render into a new folder)")
            }
            schema = version
        }
        // One helper thread for SQLite's sorter: a fill's index by id is built by one sort of every
        // row (measured in the sqlite3 shell on 1M generated messages: WhatsApp's hashed ids 1.29 /
        // 1.35 s → 0.98 s, Discord's 1.11 / 0.99 s → 0.94 / 0.76 s). A new store has pages of
        // ``pageSize`` bytes; a store keeps the page size it was created with. Its cache is SQLite's
        // default, 2,000 KiB, set again after the page size: SQLite keeps the cache's page count
        // when the page size changes, which made it 8 MB.
        try connection.execute(
            tables == 0
                ? "PRAGMA page_size=\(Self.pageSize); PRAGMA cache_size=-2000; PRAGMA synchronous=FULL; PRAGMA threads=1;"
                : "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; PRAGMA threads=1;")
        self.path = path
        self.connection = connection
        if tables == 0 {
            try transaction { () throws(StoreError) in
                try connection.execute(
                    """
                    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
                    INSERT INTO meta VALUES ('kind', '\(Self.kind)'), ('schema', '\(Self.schemaVersion)');
                    CREATE TABLE header (id INTEGER PRIMARY KEY CHECK (id = 1), record TEXT NOT NULL);
                    CREATE TABLE colors (color TEXT PRIMARY KEY) WITHOUT ROWID;
                    """)
                try createMessages()
            }
        } else if schema == 1 {
            try migrateFromVersion1(upgrade)
        } else if schema <= 3 {
            if schema == 2 { try migrateFromVersion2(upgrade) }
            try transaction { () throws(StoreError) in
                try connection.execute(
                    "ALTER TABLE messages ADD COLUMN source_digest INTEGER; UPDATE meta SET value = '4' WHERE key = 'schema';")
            }
        }
        // A store without messages is filled under a rollback journal, which does not copy the
        // pages a transaction adds past the file's end: a first render writes its records once,
        // where the WAL writes them twice (to the log, then to the file at the checkpoint). From
        // its first commit with messages on, the store is in WAL mode.
        if try !holdsMessages() {
            var mode = ""
            try connection.query("PRAGMA journal_mode=DELETE") { mode = $0.text(0) }
            usesWAL = mode == "wal"
        }
    }

    /// The messages table of the current schema and its index by id.
    private func createMessages() throws(StoreError) {
        try connection.execute(
            """
            CREATE TABLE messages (
                channel TEXT NOT NULL, timestamp INTEGER NOT NULL, tiebreak TEXT NOT NULL, id TEXT NOT NULL,
                edited INTEGER, reply_to TEXT, digest INTEGER NOT NULL, local_media INTEGER NOT NULL, record TEXT NOT NULL,
                source_digest INTEGER,
                PRIMARY KEY (channel, timestamp, tiebreak)) WITHOUT ROWID;
            CREATE UNIQUE INDEX messages_by_id ON messages (channel, id);
            """)
    }

    /// Version 1 kept `(channel, id, timestamp, record)` only: every record is derived again.
    private func migrateFromVersion1(
        _ upgrade: (_ channel: String, _ record: String) throws(StoreError) -> StoredMessage
    ) throws(StoreError) {
        try transaction { () throws(StoreError) in
            try connection.execute(
                "ALTER TABLE messages RENAME TO messages_version_1; DROP INDEX messages_in_order; "
                    + "CREATE TABLE colors (color TEXT PRIMARY KEY) WITHOUT ROWID;")
            try createMessages()
            var upgraded: [StoredMessage] = []
            var failure: StoreError?
            try connection.query("SELECT channel, record FROM messages_version_1") { row in
                guard failure == nil else { return }
                do throws(StoreError) {
                    upgraded.append(try upgrade(row.text(0), row.text(1)))
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            try insert(upgraded)
            try connection.execute("DROP TABLE messages_version_1; UPDATE meta SET value = '\(Self.schemaVersion)' WHERE key = 'schema';")
        }
    }

    /// Version 2's `local_media` did not count an author's avatar: each message it says has no
    /// local media is derived again, a batch at a time in key order, and flagged when `upgrade`
    /// finds some.
    /// - Complexity: O(n) `upgrade` calls for the n messages without local media; memory O(batch).
    private func migrateFromVersion2(
        _ upgrade: (_ channel: String, _ record: String) throws(StoreError) -> StoredMessage
    ) throws(StoreError) {
        try transaction { () throws(StoreError) in
            var after: [SQLValue] = [.text(""), .integer(.min), .text("")]
            while true {
                var batch: [(channel: String, key: [SQLValue], record: String)] = []
                try connection.query(
                    "SELECT channel, timestamp, tiebreak, record FROM messages WHERE local_media = 0 "
                        + "AND (channel, timestamp, tiebreak) > (?, ?, ?) ORDER BY channel, timestamp, tiebreak LIMIT 4096", after
                ) { row in
                    batch.append((row.text(0), [.text(row.text(0)), .integer(row.integer(1)), .text(row.text(2))], row.text(3)))
                }
                guard let last = batch.last else { break }
                var flagged: [[SQLValue]] = []
                for row in batch where try upgrade(row.channel, row.record).hasLocalMedia { flagged.append(row.key) }
                try connection.queryEach(
                    "UPDATE messages SET local_media = 1 WHERE channel = ? AND timestamp = ? AND tiebreak = ?", flagged)
                after = last.key
            }
            try connection.execute("UPDATE meta SET value = '3' WHERE key = 'schema';")
        }
    }

    /// The header record, or nil for a store nothing was written to.
    public func header() throws(StoreError) -> String? {
        var record: String?
        try connection.query("SELECT record FROM header WHERE id = 1") { record = $0.text(0) }
        return record
    }

    /// The zone the store's wall-clock times were taken in — WhatsApp's, which name no zone — as
    /// `--timezone` named it (`meta.wall-clock-zone`); nil when none is recorded (the store holds
    /// no such time, or was last written by a Parley that did not record it).
    public func wallClockZone() throws(StoreError) -> String? {
        var zone: String?
        try connection.query("SELECT value FROM meta WHERE key = 'wall-clock-zone'") { zone = $0.text(0) }
        return zone
    }

    /// Records `zone` as the store's ``wallClockZone()``, in the update (a rollback takes it back).
    public func setWallClockZone(_ zone: String) throws(StoreError) {
        try connection.query("INSERT OR REPLACE INTO meta (key, value) VALUES ('wall-clock-zone', ?)", [.text(zone)])
    }

    /// Whether the store holds a message.
    /// - Complexity: O(1).
    func holdsMessages() throws(StoreError) -> Bool {
        var found = false
        try connection.query("SELECT 1 FROM messages LIMIT 1") { _ in found = true }
        return found
    }

    /// The number of messages stored.
    public func messageCount() throws(StoreError) -> Int {
        var count = 0
        try connection.query("SELECT count(*) FROM messages") { count = Int($0.integer(0)) }
        return count
    }

    /// The stored copy of message `id` of `channel`: its edit time (UTC milliseconds) and record
    /// (the bytes stored).
    /// - Complexity: O(log n).
    public func message(channel: String, id: String) throws(StoreError) -> (edited: Int64?, record: [UInt8])? {
        guard try mayHold(channel: channel, id: id) else { return nil }
        var found: (Int64?, [UInt8])?
        try connection.query("SELECT edited, record FROM messages WHERE channel = ? AND id = ?", [.text(channel), .text(id)]) { row in
            found = (row.isNull(0) ? nil : row.integer(0), row.bytes(1))
        }
        return found
    }

    /// Calls `body` with the id (its UTF-8 bytes, valid only during the call) and source digest of
    /// every message of `channel` that has one, in display order.
    /// - Complexity: O(n) for the channel's n messages.
    public func forEachSourceDigest(channel: String, _ body: (_ id: UnsafeRawBufferPointer, _ digest: UInt64) -> Void) throws(StoreError) {
        try connection.query(
            "SELECT id, source_digest FROM messages WHERE channel = ? AND source_digest IS NOT NULL", [.text(channel)]
        ) { row in
            row.withText(0) { body($0, UInt64(bitPattern: row.integer(1))) }
        }
    }

    /// Calls `body` with the id (its UTF-8 bytes, valid only during the call) and record digest
    /// (the `digest` column: XXH3-64 of the record, or the FNV-1a hash an earlier Parley wrote) of
    /// every message of `channel`, in display order: one scan of the channel's rows.
    /// - Complexity: O(n) for the channel's n messages.
    public func forEachRecordDigest(channel: String, _ body: (_ id: UnsafeRawBufferPointer, _ digest: UInt64) -> Void) throws(StoreError) {
        try connection.query("SELECT id, digest FROM messages WHERE channel = ?", [.text(channel)]) { row in
            row.withText(0) { body($0, UInt64(bitPattern: row.integer(1))) }
        }
    }

    /// Sets the source digest of message `id` of `channel` in the open update, whose record stays
    /// (the same message read from other bytes).
    /// - Complexity: O(log n).
    public func setSourceDigest(_ digest: UInt64, channel: String, id: String) throws(StoreError) {
        guard try mayHold(channel: channel, id: id) else { return }
        try connection.query(
            "UPDATE messages SET source_digest = ?3 WHERE channel = ?1 AND id = ?2 AND source_digest IS NOT ?3",
            [.text(channel), .text(id), .integer(Int64(bitPattern: digest))])
    }

    /// Forgets what the row of message `id` of `channel` says of its record's bytes when the record
    /// does not read back (a store damaged outside Parley): its source digest (``KnownRecords``
    /// would pass an input's copy over) and its record digest, set to the digest of the bytes as
    /// they are, not as they were written (an update takes a copy whose record has the row's
    /// digest as identical, unread). The next update then compares an input's copy of it with
    /// the record and so replaces the record. One transaction of its own.
    /// - Complexity: O(log n + the record's length).
    public func forgetDigests(channel: String, id: String) throws(StoreError) {
        guard try mayHold(channel: channel, id: id) else { return }
        var digest: UInt64?
        try connection.query("SELECT record FROM messages WHERE channel = ?1 AND id = ?2", [.text(channel), .text(id)]) { row in
            row.withText(0) { digest = RecordDigest.digest($0, seed: 0) }
        }
        guard let digest else { return }
        try connection.query(
            "UPDATE messages SET source_digest = NULL, digest = ?3 WHERE channel = ?1 AND id = ?2 AND (source_digest IS NOT NULL OR digest IS NOT ?3)",
            [.text(channel), .text(id), .integer(Int64(bitPattern: digest))])
    }

    /// Takes message `id` out of `channel` in the open update, for the caller to store under
    /// another channel (a channel whose id an earlier Parley gave differently,
    /// `docs/ARCHIVE-STORE.md`): the caller stages its copy in the same update, so the message is
    /// committed in its new place or stays in its old one.
    /// - Returns: the removed copy's edit time (UTC milliseconds) and record; nil when `channel`
    ///   holds no message `id` (nothing is changed then).
    /// - Complexity: O(log n).
    public func removeMessage(channel: String, id: String) throws(StoreError) -> (edited: Int64?, record: [UInt8])? {
        guard let found = try message(channel: channel, id: id) else { return nil }
        try connection.query("DELETE FROM messages WHERE channel = ? AND id = ?", [.text(channel), .text(id)])
        return found
    }

    /// Whether `channel` holds a message.
    /// - Complexity: O(log n).
    public func hasMessages(channel: String) throws(StoreError) -> Bool {
        var found = false
        try connection.query("SELECT 1 FROM messages WHERE channel = ? LIMIT 1", [.text(channel)]) { _ in found = true }
        return found
    }

    /// The number of messages stored in `channel`.
    /// - Complexity: O(log n + the channel's messages).
    public func messageCount(channel: String) throws(StoreError) -> Int {
        var count = 0
        try connection.query("SELECT count(*) FROM messages WHERE channel = ?", [.text(channel)]) { count = Int($0.integer(0)) }
        return count
    }

    /// Calls `body` with the order key, digest and local-media flag of every message of
    /// `channel` whose time (UTC milliseconds) is within `times`, in display order (time, then
    /// tie-break).
    /// - Complexity: O(log n + m) for the channel's n messages, m of them within `times` (the
    ///   table is kept in this order).
    public func forEachEntry(
        channel: String, during times: ClosedRange<Int64> = .min ... .max,
        _ body: (_ timestamp: Int64, _ tiebreak: String, _ digest: UInt64, _ localMedia: Bool) -> Void
    ) throws(StoreError) {
        try connection.query(
            "SELECT timestamp, tiebreak, digest, local_media FROM messages WHERE channel = ?1 AND timestamp BETWEEN ?2 AND ?3 "
                + "ORDER BY timestamp, tiebreak", [.text(channel), .integer(times.lowerBound), .integer(times.upperBound)]
        ) { row in
            body(row.integer(0), row.text(1), UInt64(bitPattern: row.integer(2)), row.integer(3) != 0)
        }
    }

    /// The order key, digest and local-media flag of the last message of `channel` (in display
    /// order) whose time is before `timestamp` (UTC milliseconds), if any.
    /// - Complexity: O(log n).
    public func entry(channel: String, before timestamp: Int64) throws(StoreError)
        -> (timestamp: Int64, tiebreak: String, digest: UInt64, localMedia: Bool)?
    {
        var found: (Int64, String, UInt64, Bool)?
        try connection.query(
            "SELECT timestamp, tiebreak, digest, local_media FROM messages WHERE channel = ?1 AND timestamp < ?2 "
                + "ORDER BY timestamp DESC, tiebreak DESC LIMIT 1", [.text(channel), .integer(timestamp)]
        ) { found = ($0.integer(0), $0.text(1), UInt64(bitPattern: $0.integer(2)), $0.integer(3) != 0) }
        return found
    }

    /// The times (UTC milliseconds) of the first and the last message of `channel`, nil when it
    /// has none.
    /// - Complexity: O(log n).
    public func timeSpan(channel: String) throws(StoreError) -> ClosedRange<Int64>? {
        var span: ClosedRange<Int64>?
        try connection.query(
            "SELECT (SELECT timestamp FROM messages WHERE channel = ?1 ORDER BY timestamp LIMIT 1), "
                + "(SELECT timestamp FROM messages WHERE channel = ?1 ORDER BY timestamp DESC LIMIT 1)", [.text(channel)]
        ) { row in
            guard !row.isNull(0), !row.isNull(1) else { return }
            let first = row.integer(0), last = row.integer(1)
            if first <= last { span = first...last }
        }
        return span
    }

    /// Whether `channel` holds more than `count` messages.
    /// - Complexity: O(log n + `count`).
    public func holdsMessages(channel: String, moreThan count: Int) throws(StoreError) -> Bool {
        var found = false
        try connection.query(
            "SELECT 1 FROM messages WHERE channel = ?1 LIMIT 1 OFFSET ?2", [.text(channel), .integer(Int64(max(0, count)))]
        ) { _ in found = true }
        return found
    }

    /// Calls `body` with each message of `channel` whose time (UTC milliseconds) is within
    /// `times` and that replies to a stored message of `channel`: the reply's order key, then its
    /// target's order key, digest and local-media flag, in the replies' display order.
    /// - Complexity: O(log n + m + r log n) for n messages, m of them within `times`, and r replies.
    public func forEachReply(
        channel: String, during times: ClosedRange<Int64> = .min ... .max,
        _ body: (_ timestamp: Int64, _ tiebreak: String, _ target: (timestamp: Int64, tiebreak: String, digest: UInt64, localMedia: Bool))
            -> Void
    ) throws(StoreError) {
        try connection.query(
            """
            SELECT m.timestamp, m.tiebreak, t.timestamp, t.tiebreak, t.digest, t.local_media
            FROM messages m JOIN messages t ON t.channel = m.channel AND t.id = m.reply_to
            WHERE m.channel = ?1 AND m.timestamp BETWEEN ?2 AND ?3 AND m.reply_to IS NOT NULL ORDER BY m.timestamp, m.tiebreak
            """, [.text(channel), .integer(times.lowerBound), .integer(times.upperBound)]
        ) { row in
            body(row.integer(0), row.text(1), (row.integer(2), row.text(3), UInt64(bitPattern: row.integer(4)), row.integer(5) != 0))
        }
    }

    /// A connection for reading only to the store at `path`, already opened (and migrated) by
    /// an ``ArchiveStore`` on another thread: a thread may read the store through it while the
    /// store's own connection serves another. It sees the store as committed when each of its
    /// queries begins; it writes nothing (a write method throws ``StoreError/failed(path:reason:)``).
    /// Its page cache is 256 KiB, not SQLite's 2,000: the planner reads the rows once, in order,
    /// and a render's peak memory should not grow by a second cache.
    /// - Throws: ``StoreError/cannotOpen(path:reason:)`` when the file cannot be opened.
    public static func reader(at path: String) throws(StoreError) -> ArchiveStore {
        let connection = try SQLiteConnection(path: path, readOnly: true)
        try connection.execute("PRAGMA cache_size=-256")
        return ArchiveStore(path: path, connection: connection)
    }

    private init(path: String, connection: SQLiteConnection) {
        self.path = path
        self.connection = connection
    }

    /// The records of up to `limit` messages of `channel` from the one at (`timestamp`,
    /// `tiebreak`) on, in display order, each as the bytes stored (for a reader of JSON bytes: no
    /// `String` is made, and the UTF-8 is not checked here).
    /// - Complexity: O(log n + limit).
    public func records(channel: String, from timestamp: Int64, _ tiebreak: String, limit: Int) throws(StoreError) -> [[UInt8]] {
        var records: [[UInt8]] = []
        records.reserveCapacity(limit)
        try connection.query(
            "SELECT record FROM messages WHERE channel = ?1 AND (timestamp, tiebreak) >= (?2, ?3) ORDER BY timestamp, tiebreak LIMIT ?4",
            [.text(channel), .integer(timestamp), .text(tiebreak), .integer(Int64(limit))]
        ) { records.append($0.bytes(0)) }
        return records
    }

    /// The record of the message of `channel` just before (`timestamp`, `tiebreak`) in display
    /// order, if any, as the bytes stored.
    /// - Complexity: O(log n).
    public func record(channel: String, before timestamp: Int64, _ tiebreak: String) throws(StoreError) -> [UInt8]? {
        var record: [UInt8]?
        try connection.query(
            "SELECT record FROM messages WHERE channel = ?1 AND (timestamp, tiebreak) < (?2, ?3) "
                + "ORDER BY timestamp DESC, tiebreak DESC LIMIT 1",
            [.text(channel), .integer(timestamp), .text(tiebreak)]
        ) { record = $0.bytes(0) }
        return record
    }

    /// The id and time (UTC milliseconds) of the message of `channel` that is `offset` places
    /// after the one at (`timestamp`, `tiebreak`) in display order, or, for a negative `offset`,
    /// the one just before it: for naming a message whose record does not read back.
    /// - Complexity: O(log n + offset).
    public func identity(channel: String, from timestamp: Int64, _ tiebreak: String, offset: Int) throws(StoreError)
        -> (id: String, timestamp: Int64)?
    {
        var found: (String, Int64)?
        let key: [SQLValue] = [.text(channel), .integer(timestamp), .text(tiebreak)]
        if offset < 0 {
            try connection.query(
                "SELECT id, timestamp FROM messages WHERE channel = ?1 AND (timestamp, tiebreak) < (?2, ?3) "
                    + "ORDER BY timestamp DESC, tiebreak DESC LIMIT 1", key
            ) { found = ($0.text(0), $0.integer(1)) }
        } else {
            try connection.query(
                "SELECT id, timestamp FROM messages WHERE channel = ?1 AND (timestamp, tiebreak) >= (?2, ?3) "
                    + "ORDER BY timestamp, tiebreak LIMIT 1 OFFSET ?4", key + [.integer(Int64(offset))]
            ) { found = ($0.text(0), $0.integer(1)) }
        }
        return found
    }

    /// Every colour a stored message uses, in byte order.
    public func colors() throws(StoreError) -> [String] {
        var colors: [String] = []
        try connection.query("SELECT color FROM colors ORDER BY color") { colors.append($0.text(0)) }
        return colors
    }

    /// Writes `header` and `messages` (each replacing the stored copy of its channel and id) in
    /// one transaction: all are committed, or none.
    /// - Throws: ``StoreError/failed(path:reason:)`` (nothing is changed then).
    /// - Complexity: O(k log n) for k messages in a store of n.
    public func save(header: String, messages: [StoredMessage]) throws(StoreError) {
        try beginUpdate()
        do throws(StoreError) {
            try stage(messages)
            try commitUpdate(header: header)
        } catch {
            rollbackUpdate()
            throw error
        }
    }

    /// Starts an update: one transaction that ``stage(_:)`` adds to and ``commitUpdate(header:)``
    /// commits (or ``rollbackUpdate()`` undoes), so a render's inputs are stored whole or not at
    /// all, however many messages they hold. Reads see what was staged.
    ///
    /// An update of a store that holds no messages (a first render) is a fill: its messages are
    /// all new but for ids met twice, and its ids may come in any order (a WhatsApp chat's are
    /// hashes), where inserting each into an index by id costs a random B-tree walk that misses
    /// SQLite's page cache once the index outgrows it. So a fill defers both by-id structures: its
    /// sightings are appended to a ``SightingSpill``, a temporary file, while a ``SightingFilter``
    /// tells an id certainly not met before, and the index `messages_by_id` is kept only while the
    /// rows come in (channel, id) order, as a DiscordChatExporter export's snowflakes do (each
    /// insert goes next to the last then, and the commit has no index to build), but for a few
    /// rows where that order starts again (``indexOrderRestarts``); the next such row drops it
    /// inside the transaction. At the
    /// first id the filter cannot rule out (met twice, or a false "met"), or a row staged that was
    /// not met first, the sightings so far are read back and copied in key order into the indexed table and the
    /// index is built, and the update goes on as any other; else the index is built by one sort at
    /// the commit. A rollback restores the index with the rest. What a caller sees is the same
    /// either way. 1M generated WhatsApp messages: the staging thread's CPU time 17.9 s → 5.4 s,
    /// the render 28.9 s → 17.8 s.
    ///
    /// An update of a store that holds messages defers its sightings the same way (its index by
    /// id stays): most of a newer export's messages are known records, each only a sighting, and
    /// appending one to the spill costs a fraction of an insert into the sighting table.
    /// - Throws: ``StoreError/failed(path:reason:)`` when the transaction cannot start (another
    ///   writer holds the store for longer than the busy timeout), or a fill's temporary file
    ///   cannot be made.
    public func beginUpdate() throws(StoreError) {
        try connection.execute(
            "BEGIN IMMEDIATE; CREATE TEMP TABLE IF NOT EXISTS update_copies (\(Self.sightingColumns), PRIMARY KEY (channel, id)) "
                + "WITHOUT ROWID; DELETE FROM temp.update_copies;")
        sightingChannels = Numbering()
        sightingFiles = Numbering()
        endDeferral()
        writeBack = usesWAL ? nil : WriteBack(path: path)
        fill = try !holdsMessages()
        if fill {
            keepsIndexByIDInOrder = true
            orderRestarts = 0
        }
        if fill || defersSightings {
            spill = try SightingSpill()
            sightingFilter = SightingFilter(blocks: sightingFilterBlocks)
        }
    }

    /// A message id of a numbered channel.
    private struct SightingKey: Equatable {
        var channel: Int64
        var id: String
    }

    /// The columns of a sighting: the message's channel (numbered) and id, where the update met its
    /// first copy in the current input, and where the copy it keeps so far is (none: the store's).
    private static let sightingColumns =
        "channel INTEGER, id TEXT, input INTEGER NOT NULL, file INTEGER NOT NULL, location TEXT NOT NULL, "
        + "kept_input INTEGER, kept_file INTEGER, kept_location TEXT"

    /// Ends an update's deferral (``beginUpdate()``): the sightings so far are read back from the
    /// spill into a table without a key, then go into the indexed table in key order, so each
    /// insert appends, and a fill's index by id of the messages staged so far is built by one sort.
    /// - Complexity: O(k log k) for the k messages staged so far.
    private func indexSightings() throws(StoreError) {
        try connection.execute(
            "CREATE TEMP TABLE IF NOT EXISTS update_sightings (\(Self.sightingColumns)); DELETE FROM temp.update_sightings;")
        try spill?.forEach { sighting throws(StoreError) in
            try connection.run(Self.appendSightingSQL) { bind in
                bind.integer(sighting.channel)
                bind.text(sighting.id)
                bind.integer(sighting.input)
                bind.integer(sighting.file)
                bind.text(sighting.location)
                bind.integer(sighting.kept ? 1 : 0)
            }
        }
        try connection.execute(
            """
            INSERT INTO temp.update_copies SELECT * FROM temp.update_sightings ORDER BY channel, id;
            DELETE FROM temp.update_sightings;
            """)
        if fill { try connection.execute("CREATE UNIQUE INDEX IF NOT EXISTS messages_by_id ON messages (channel, id)") }
        endDeferral()
    }

    /// Ends the deferral of the sightings, and of a fill's index by id, without writing.
    private func endDeferral() {
        keepsIndexByIDInOrder = false
        lastInOrder = nil
        fill = false
        sightingFilter = nil
        spill = nil
        awaitingStage = []
        stagedFront = 0
    }

    /// Whether the store may hold message `id` of `channel`: false during a fill (a store that
    /// held no messages holds only what the update met) when the update certainly has not met
    /// it, so the caller skips the lookup (which, with the index deferred, would read every row).
    private func mayHold(channel: String, id: String) throws(StoreError) -> Bool {
        guard fill else { return true }
        return try mayHaveMet(channel: channel, id: id)
    }

    /// Whether the update may have met message `id` of `channel`: false while its sightings are
    /// deferred and the filter rules the id out; when it may have, the deferral ends first
    /// (``indexSightings()``), so the sighting table holds it.
    private func mayHaveMet(channel: String, id: String) throws(StoreError) -> Bool {
        guard sightingFilter != nil else { return true }
        if sightingFilter?.contains(channel: sightingChannels.number(of: channel), id: id) == false { return false }
        try indexSightings()
        return true
    }

    /// A copy of a message in an input of the current update: the input's number, the file that
    /// holds it (the input itself, or a file inside a bundled input) and the place in that file.
    public struct Place: Equatable, Sendable {
        public var input: Int
        public var file: String
        public var location: String

        public init(input: Int, file: String, location: String) {
            self.input = input
            self.file = file
            self.location = location
        }
    }

    /// Where a message id was met before in the current update (``mark(channel:id:at:keptIfFirst:)``).
    public enum Sighting: Equatable, Sendable {
        /// Not before: the first copy this update meets.
        case first
        /// In the same input, whose first copy of it is at `first`: a duplicate id.
        case sameInput(first: Place)
        /// In an earlier input. `kept` is the copy the update keeps so far: an input's, or nil
        /// when the store's own copy stays.
        case earlierInput(kept: Place?)
    }

    /// Notes the copy of message `id` of `channel` at `place` when it is the first the update
    /// meets, in a temporary table on disk (memory does not grow with the inputs); it is noted as
    /// the copy the update keeps when `keptIfFirst`, else the store's copy stays. Nothing is
    /// written for a later copy: the caller notes it with
    /// ``noteLaterCopy(channel:id:at:kept:sameInput:)`` once it has decided which copy stays.
    /// - Returns: where the update met the id before.
    /// - Complexity: O(log k) for k ids met.
    public func mark(channel: String, id: String, at place: Place, keptIfFirst: Bool) throws(StoreError) -> Sighting {
        let input = Int64(place.input), channel = sightingChannels.number(of: channel), file = sightingFiles.number(of: place.file)
        if sightingFilter != nil {
            if sightingFilter?.insert(channel: channel, id: id) == false {
                try spill?.append(
                    SightingSpill.Sighting(channel: channel, id: id, input: input, file: file, location: place.location, kept: keptIfFirst))
                if fill { awaitingStage.append(SightingKey(channel: channel, id: id)) }
                return .first
            }
            try indexSightings()
        }
        try connection.run(Self.markSQL) { bind in
            bind.integer(channel)
            bind.text(id)
            bind.integer(input)
            bind.integer(file)
            bind.text(place.location)
            bind.integer(keptIfFirst ? 1 : 0)
        }
        if connection.changes == 1 { return .first }
        var sighting = Sighting.first
        try connection.query(
            "SELECT input, file, location, kept_input, kept_file, kept_location FROM temp.update_copies WHERE channel = ? AND id = ?",
            [.integer(channel), .text(id)]
        ) { row in
            if row.integer(0) == input {
                sighting = .sameInput(first: Place(input: place.input, file: sightingFiles.name(row.integer(1)), location: row.text(2)))
            } else {
                sighting = .earlierInput(
                    kept: row.isNull(3)
                        ? nil : Place(input: Int(row.integer(3)), file: sightingFiles.name(row.integer(4)), location: row.text(5)))
            }
        }
        return sighting
    }

    /// The statement ``mark(channel:id:at:keptIfFirst:)`` runs once per copy: made once, as the
    /// key of its prepared statement.
    private static let markSQL = "INSERT OR IGNORE INTO temp.update_copies " + sightingValues
    /// The statement a fill's spilled sightings are read back with (``indexSightings()``).
    private static let appendSightingSQL = "INSERT INTO temp.update_sightings " + sightingValues
    private static let sightingValues =
        "(channel, id, input, file, location, kept_input, kept_file, kept_location) "
        + "VALUES (?1, ?2, ?3, ?4, ?5, iif(?6, ?3, NULL), iif(?6, ?4, NULL), iif(?6, ?5, NULL))"

    /// Notes a later copy of message `id` of `channel` (one ``mark(channel:id:at:keptIfFirst:)``
    /// did not call the first) at `place`: when `kept`, the copy the update keeps; unless
    /// `sameInput`, also the first copy of the current input (so a duplicate later in it names
    /// this one).
    /// - Complexity: O(log k) for k ids met.
    public func noteLaterCopy(channel: String, id: String, at place: Place, kept: Bool, sameInput: Bool) throws(StoreError) {
        var assignments: [String] = []
        if !sameInput { assignments.append("input = ?3, file = ?4, location = ?5") }
        if kept { assignments.append("kept_input = ?3, kept_file = ?4, kept_location = ?5") }
        guard !assignments.isEmpty, try mayHaveMet(channel: channel, id: id) else { return }
        try connection.query(
            "UPDATE temp.update_copies SET " + assignments.joined(separator: ", ") + " WHERE channel = ?1 AND id = ?2",
            [
                .integer(sightingChannels.number(of: channel)), .text(id), .integer(Int64(place.input)),
                .integer(sightingFiles.number(of: place.file)), .text(place.location),
            ])
    }

    /// Adds `messages` to the update (each replacing the stored copy of its channel and id).
    /// - Complexity: O(k log n) for k messages in a store of n.
    public func stage(_ messages: [StoredMessage]) throws(StoreError) { try insert(messages) }

    /// Writes `header` and commits the update; a store filled under a rollback journal then
    /// turns to WAL mode (when no other connection holds it: else at a later commit).
    /// - Throws: ``StoreError/failed(path:reason:)`` when the commit fails (nothing is stored
    ///   then); not when the journal mode cannot change, since the update is stored by then.
    public func commitUpdate(header: String) throws(StoreError) {
        try connection.query("INSERT OR REPLACE INTO header (id, record) VALUES (1, ?)", [.text(header)])
        if fill { try connection.execute("CREATE UNIQUE INDEX IF NOT EXISTS messages_by_id ON messages (channel, id)") }
        endDeferral()
        try connection.execute("COMMIT")
        writeBack = nil
        guard !usesWAL, (try? holdsMessages()) == true else { return }
        var mode = ""
        try? connection.query("PRAGMA journal_mode=WAL") { mode = $0.text(0) }
        usesWAL = mode == "wal"
    }

    /// Undoes the update: the store is as it was before ``beginUpdate()``.
    public func rollbackUpdate() {
        endDeferral()
        writeBack = nil
        try? connection.execute("ROLLBACK")
    }

    /// Keeps the index by id for `message`, about to be inserted, when its (channel, id) follows
    /// the last row's in SQLite's byte order, or when the order has started again at most
    /// ``indexOrderRestarts`` times; else drops it, and the fill builds it at its end.
    private func keepIndexByID(ifInOrder message: StoredMessage) throws(StoreError) {
        if let last = lastInOrder {
            let channelOrder = Self.binaryOrder(last.channel, message.channel)
            let follows = channelOrder == 0 ? Self.binaryOrder(last.id, message.id) < 0 : channelOrder < 0
            if !follows { orderRestarts += 1 }
            guard orderRestarts <= Self.indexOrderRestarts else {
                try connection.execute("DROP INDEX messages_by_id")
                keepsIndexByIDInOrder = false
                lastInOrder = nil
                return
            }
        }
        lastInOrder = (message.channel, message.id)
    }

    /// The order of two texts under SQLite's `BINARY` collation, the indexes' order: their UTF-8
    /// bytes compared with `memcmp`, a prefix first. Negative, zero or positive, as `memcmp`.
    /// - Complexity: O(n) in the shorter text's UTF-8 length.
    static func binaryOrder(_ first: String, _ second: String) -> Int {
        var first = first, second = second
        return first.withUTF8 { a in
            second.withUTF8 { b in
                let common = min(a.count, b.count)
                let order = common == 0 ? 0 : memcmp(a.baseAddress!, b.baseAddress!, common)
                return order != 0 ? Int(order) : a.count - b.count
            }
        }
    }

    /// Inserts `messages` in their order, ``insertRows`` to a statement (the rest one by one): one
    /// run of a statement of many rows keeps its B-tree cursors where the last row went, so the
    /// next row of a fill, which goes after it, needs no walk down from the root, and the
    /// statement's start and end are paid once per batch. Measured with the system SQLite 3.40.1
    /// on 100,000 rows of this table (450-byte records, index by id kept; callgrind, the C harness
    /// included): 21,700 instructions a row one by one, 13,100 with 8 rows to a statement, 11,900
    /// with 32, 11,600 with 128. Every row's bookkeeping runs first: it reads none of the rows
    /// being inserted (an index it builds is kept by their inserts), and a row conflicting with an
    /// earlier one of the same statement replaces it, as with one statement each.
    private func insert(_ messages: [StoredMessage]) throws(StoreError) {
        for message in messages {
            if fill {
                if stagedFront < awaitingStage.count,
                    awaitingStage[stagedFront] == SightingKey(channel: sightingChannels.number(of: message.channel), id: message.id)
                {
                    stagedFront += 1
                    if stagedFront == awaitingStage.count {
                        awaitingStage.removeAll(keepingCapacity: true)
                        stagedFront = 0
                    }
                } else {
                    try indexSightings()
                }
            }
            if keepsIndexByIDInOrder { try keepIndexByID(ifInOrder: message) }
        }
        var start = messages.startIndex
        while start < messages.endIndex {
            let rows = insertRows > 1 && messages.endIndex - start >= insertRows ? insertRows : 1
            try connection.run(rows == 1 ? Self.insertSQL : insertBatchSQL) { bind in
                for message in messages[start..<start + rows] { Self.bind(message, to: &bind) }
            }
            start += rows
        }
        // A batch repeats its authors' few colours thousands of times: each is inserted once.
        var seen: Set<String> = [], colors: [[SQLValue]] = []
        for message in messages {
            for color in message.colors where seen.insert(color).inserted { colors.append([.text(color)]) }
        }
        try connection.queryEach("INSERT OR IGNORE INTO colors (color) VALUES (?)", colors)
        writeBack?.start()
    }

    /// The rows of one insert statement of ``insert(_:)`` (tests make it 1, a statement a row; any
    /// value below 2 is taken as 1): 32 at first, 320 parameters (SQLite allows 32,766).
    package var insertRows = 32 { didSet { insertBatchSQL = Self.insertSQL(rows: max(1, insertRows)) } }
    private var insertBatchSQL = insertSQL(rows: 32)
    /// REPLACE also removes the row of the same id under another key (a copy whose time changed).
    private static let insertSQL = insertSQL(rows: 1)

    private static func insertSQL(rows: Int) -> String {
        "INSERT OR REPLACE INTO messages "
            + "(channel, timestamp, tiebreak, id, edited, reply_to, digest, local_media, record, source_digest) VALUES "
            + repeatElement("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
    }

    /// Binds the ten columns of `message`, in the order of ``insertSQL(rows:)``.
    private static func bind(_ message: StoredMessage, to bind: inout SQLBindings) {
        bind.text(message.channel)
        bind.integer(message.timestamp)
        bind.text(message.tiebreak)
        bind.text(message.id)
        bind.integer(message.edited)
        bind.text(message.replyTo)
        bind.integer(Int64(bitPattern: message.digest))
        bind.integer(message.hasLocalMedia ? 1 : 0)
        bind.utf8(message.record)
        bind.integer(message.sourceDigest.map { Int64(bitPattern: $0) })
    }

    /// Runs `body` in one read transaction, so its queries see one state of the store and take
    /// the file's locks once instead of once per statement (SQLite begins and ends a transaction
    /// around every statement outside one: a lock, an unlock and a check of the file each). Inside
    /// an open update (``beginUpdate()``), `body` simply runs in it.
    /// - Throws: what `body` throws; ``StoreError/failed(path:reason:)`` when the transaction
    ///   cannot begin.
    public func reading<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        guard connection.isAutocommit else { return try body() }
        try connection.execute("BEGIN DEFERRED")
        defer { try? connection.execute("COMMIT") }
        return try body()
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    private func transaction(_ body: () throws(StoreError) -> Void) throws(StoreError) {
        try connection.execute("BEGIN IMMEDIATE")
        do throws(StoreError) {
            try body()
            try connection.execute("COMMIT")
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }
}
