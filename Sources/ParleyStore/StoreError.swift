/// Why the event store failed. Every case names the database file.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The database could not be opened or created.
    case cannotOpen(path: String, reason: String)
    /// A statement failed; `reason` is SQLite's message.
    case failed(path: String, reason: String)
    /// The channel is not in the database.
    case unknownChannel(path: String, channel: String)
    /// The channel's history in the database is not the one the caller holds: its epoch changed
    /// or its versions went backwards (the database was restored from an older copy).
    case historyReplaced(path: String, channel: String)
    /// The database is not a store this Parley reads: another kind of database, or a schema
    /// version other than the ones it knows (a newer Parley wrote it).
    case unsupported(path: String, reason: String)

    public var description: String {
        switch self {
        case let .cannotOpen(path, reason): return "\(path): cannot open the database: \(reason)"
        case let .failed(path, reason): return "\(path): database error: \(reason)"
        case let .unknownChannel(path, channel): return "\(path): no channel \"\(channel)\""
        case let .historyReplaced(path, channel):
            return "\(path): channel \"\(channel)\" holds another history than this server's (the database was restored); "
                + "the server is taking it, try again"
        case let .unsupported(path, reason): return "\(path): \(reason)"
        }
    }
}
