/// Where `parley serve` commits the events it accepts, in per-channel version order: SQLite
/// (``EventStore``, one process) or PostgreSQL (`ParleyPostgres.PostgresEventStore`, several).
///
/// Versions come from the log, per channel and dense, so a viewer's `Last-Event-ID` names the
/// same point on every server that reads the log: in SQLite the n-th event ever appended to a
/// channel has version n; in PostgreSQL the n-th commit has version n, shared by its events. Records are JSON Lines event records (`docs/FORMAT.md`), kept as text; the log does
/// not interpret them. Every call may throw ``StoreError`` naming ``path``.
public protocol EventLog: AnyObject, Sendable {
    /// The database as messages name it: a file path, or a PostgreSQL server without its password.
    var path: String { get }

    /// Registers channel `id` with its header record (JSON text) and returns the channel's epoch
    /// from now on: SQLite gives every channel `epoch` at every start of the server (a restored
    /// file thus never resumes a viewer); PostgreSQL keeps the epoch of a channel it already holds,
    /// so that servers sharing the database agree.
    @discardableResult
    func createChannel(_ id: String, header: String, epoch: String) throws(StoreError) -> String

    /// The channels in the log, in creation order, with their headers, versions and epochs.
    func channels() throws(StoreError) -> [StoredChannel]

    /// Appends to `channel` in one transaction that holds the channel's lock: `prepare` is called
    /// with the events other writers committed after version `known` (empty when none did; pass
    /// `Int.max` not to read them) and returns the records to append, which are committed at the
    /// next version (PostgreSQL) or versions (SQLite) — all, or none.
    /// - Parameter epoch: The epoch of the caller's history of the channel, nil not to check it.
    /// - Returns: the version given to each record, in order (empty when `prepare` returned none).
    /// - Throws: ``StoreError/historyReplaced(path:channel:)`` before `prepare` when the channel's
    ///   epoch is not `epoch` or its version is below `known` (the database was restored);
    ///   ``StoreError/unknownChannel(path:channel:)`` or ``StoreError/failed(path:reason:)``
    ///   (then nothing is committed; with a lost connection the outcome may be unknown).
    func append(to channel: String, after known: Int, in epoch: String?, _ prepare: ([StoredEvent]) -> [String])
        throws(StoreError) -> [Int]

    /// The events of `channel` with a version above `version`, in order.
    func events(in channel: String, after version: Int) throws(StoreError) -> [StoredEvent]
}

extension EventLog {
    /// Appends `records` to `channel` in one transaction: all are committed, or none.
    /// - Returns: the versions given to the records, in order (empty for no records).
    /// - Throws: as ``append(to:after:in:_:)``.
    public func append(_ records: [String], to channel: String) throws(StoreError) -> [Int] {
        guard !records.isEmpty else { return [] }
        return try append(to: channel, after: .max, in: nil) { _ in records }
    }

    /// Every event of `channel`, in order.
    public func events(in channel: String) throws(StoreError) -> [StoredEvent] { try events(in: channel, after: 0) }
}

/// An event log that other processes append to as well (PostgreSQL): a server follows it to
/// apply their events.
public protocol SharedEventLog: EventLog {
    /// Waits up to `timeout` for other writers' commits to be announced (PostgreSQL's `LISTEN`).
    /// - Returns: the channels announced, possibly empty (none within `timeout`), or nil when
    ///   announcements may have been missed (the listening connection was opened again), so
    ///   that every channel must be checked.
    func awaitCommits(timeout: Duration) -> Set<String>?

    /// Gives `channel` the epoch `new` unless its epoch is no longer `old` (another server
    /// replaced it first): for a server that finds the channel's versions went backwards.
    /// - Returns: the channel's epoch afterwards, which every server takes.
    func replaceEpoch(of channel: String, _ old: String, with new: String) throws(StoreError) -> String
}
