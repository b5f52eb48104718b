import ParleyModel

/// A channel the live server serves: the seam between the server, which speaks HTTP and
/// Server-Sent Events, and whatever keeps the channel's state and renders it (module
/// ParleySite: a static transcript, a followed JSON Lines file, the demo simulation, ingest).
/// The server only passes on the bytes a channel hands it.
///
/// The server sends the channel's batches, which the owner publishes through the channel's
/// ``Broadcaster``, handed to it by ``attach(_:)`` when the channel is registered.
///
/// **Consistency contract.** ``current()`` at version N plus every batch published after N
/// equals the state at the latest version: no gap, no duplicate. Publish each batch after the
/// change is visible to ``current()``, in version order. Methods are called off the HTTP
/// library's thread, possibly concurrently; they may take time (rendering) but should not block
/// for long.
public protocol ServedChannel: Sendable {
    /// The channel's id; its URL is `/c/{id}`.
    var id: ChannelID { get }
    /// The channel's name, for the channel list.
    var name: String { get }
    /// The channel's topic (may be empty), for the channel list.
    var topic: String { get }
    /// The history its versions count (``ChannelEpoch``): the page's `data-epoch` and every
    /// batch's `e`. A stream request naming another epoch gets a `reset`. Constant while served.
    var epoch: ChannelEpoch { get }
    /// The live region at the current version: the children of `<main id="transcript">`.
    func current() -> LiveRegion
    /// The whole live page (`/c/{id}`, UTF-8 HTML) showing the region at the current version,
    /// whose `<main>` names that version in `data-version`.
    func page() -> [UInt8]
    /// The messages before `message` that the live window leaves out, as day sections with the
    /// archive's markup (UTF-8 HTML), oldest first, at most one window's worth ("load older").
    /// - Returns: nil when `message` is not in the channel; no bytes when nothing is older.
    func older(before message: MessageID) -> [UInt8]?
    /// Publishes the channel's future batches to `broadcaster`; called once, when the server
    /// registers the channel. A channel that never changes ignores it.
    func attach(_ broadcaster: Broadcaster)
    /// Waits up to `timeout` for the channel to reach `version`, when another server may have
    /// published it already (servers sharing a PostgreSQL database): a viewer that moves to this
    /// server then resumes instead of being reset.
    /// - Returns: whether the channel is at `version` or later.
    func awaitVersion(_ version: Int, timeout: Duration) -> Bool
}

extension ServedChannel {
    /// A channel that never changes publishes nothing.
    public func attach(_ broadcaster: Broadcaster) {}

    /// A channel that only this server changes is never behind: it does not wait.
    public func awaitVersion(_ version: Int, timeout: Duration) -> Bool { current().version >= version }
}

/// The live region of a channel at one version.
public struct LiveRegion: Hashable, Sendable {
    /// The version of the channel the HTML shows.
    public var version: Int
    /// The children of the page's `<main id="transcript">` (UTF-8 HTML): day sections with
    /// their messages.
    public var sections: [UInt8]

    /// The region showing `sections` at `version`.
    public init(version: Int, sections: [UInt8]) {
        self.version = version
        self.sections = sections
    }
}
