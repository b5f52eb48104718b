import ParleyModel

/// Where the server hands a posted body of events (`POST /c/{channel}/events`) once the token,
/// the size and the framing passed: the seam to the live layer, which decodes, commits and
/// applies the events (module ParleySite).
public protocol IngestEndpoint: Sendable {
    /// Whether a post to `channel` may go on (the channel is live, or may be created); the
    /// server answers `404` at once otherwise, before reading the body.
    func accepts(_ channel: ChannelID) -> Bool
    /// Decodes, commits and applies `body` (Parley JSON Lines event records) for `channel`.
    /// Runs on a worker: it may wait for the disk.
    /// - Returns: the JSON reply of an accepted post (one line), or why it was refused.
    func post(_ body: [UInt8], to channel: ChannelID) -> Result<String, IngestRefusal>
    /// Called once at start with the server's channel registry, through which a post may add
    /// a channel (`--create-channels`).
    func connect(_ registrar: any ChannelRegistrar)
}

/// Why a post was refused; each case is an HTTP status (`404`, `400`, `500`).
public enum IngestRefusal: Error, Hashable, Sendable {
    /// No live channel has this id and none may be created (`404`).
    case unknownChannel(ChannelID)
    /// A new channel cannot have this id (`400`).
    case uncreatableChannel(ChannelID)
    /// The body is not acceptable: `reason` names the line and the problem (`400`).
    case badEvents(String)
    /// The database refused the commit (`500`).
    case storeFailed(String)
}

/// The server's channel registry as the live layer sees it: where a channel created after
/// start is added, so that its page, stream and the channel list serve it.
public protocol ChannelRegistrar: Sendable {
    /// Registers `channel`, attaches it to its new ``Broadcaster`` and renders the channel list
    /// again.
    /// - Returns: false, changing nothing, when a channel with its id is registered already.
    func register(_ channel: any ServedChannel) -> Bool
}
