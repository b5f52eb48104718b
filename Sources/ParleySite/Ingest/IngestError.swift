import ParleyEventCodec
import ParleyModel

/// Why events were not ingested (``LiveServer/ingest(_:to:)``): nothing of the batch was stored
/// or applied, except for ``notApplied(version:_:)``.
public enum IngestError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No live channel has this id (and the server may not create it).
    case unknownChannel(ChannelID)
    /// A new channel would have this id, which is not 1 to 100 URL-safe characters.
    case uncreatableChannel(ChannelID)
    /// The event at `index` (0-based) is for `channel`, the batch for `expected`.
    case foreignEvent(index: Int, channel: ChannelID, expected: ChannelID)
    /// The event at `index` (0-based) cannot apply after the ones before it.
    case rejected(index: Int, EventError)
    /// The event at `index` (0-based) could not be written as a JSON Lines record.
    case unencodable(index: Int, EventRecordEncoder.Failure)
    /// The database refused the commit; `reason` is its message.
    case storeFailed(String)
    /// The batch was committed at `version` but the channel refused it (the database and the
    /// page differ until a restart rebuilds the page).
    case notApplied(version: Int, EventError)

    /// What went wrong and what was expected; events are numbered from 1.
    public var description: String {
        switch self {
        case let .unknownChannel(channel): return "unknown channel '\(channel)': expected a live channel of the server"
        case let .uncreatableChannel(channel):
            return "cannot create channel '\(channel)': expected 1 to 100 letters, digits, '-', '.', '_' or '~', other than '.' and '..'"
        case let .foreignEvent(index, channel, expected):
            return "event \(index + 1): the event is for channel '\(channel)', expected '\(expected)'"
        case let .rejected(index, error): return "event \(index + 1): \(error)"
        case let .unencodable(index, failure): return "event \(index + 1): \(failure)"
        case let .storeFailed(reason): return "the events could not be stored: \(reason)"
        case let .notApplied(version, error): return "committed at version \(version) but not applied: \(error)"
        }
    }
}
