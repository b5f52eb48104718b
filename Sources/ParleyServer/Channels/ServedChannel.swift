import ParleyHTML
import ParleyModel

/// A channel the live server serves: the seam between the server and whatever keeps the
/// channel's state (a static transcript, a followed JSON Lines file, the demo simulation).
///
/// The server renders the live page around ``current()`` and sends the channel's batches, which
/// the owner publishes through the channel's ``Broadcaster``
/// (``LiveServer/broadcaster(for:)``).
///
/// **Consistency contract.** ``current()`` at version N plus every batch published after N
/// equals the state at the latest version: no gap, no duplicate. Publish each batch after the
/// change is visible to ``current()``, in version order. Methods are called off the HTTP
/// library's thread, possibly concurrently; they may take time (rendering) but should not block
/// for long.
public protocol ServedChannel: Sendable {
    /// The channel's id; its URL is `/c/{id}`.
    var id: ChannelID { get }
    /// The channel's name, shown as the page heading and in the channel list.
    var name: String { get }
    /// The channel's topic (may be empty).
    var topic: String { get }
    /// The live region at the current version: the children of `<main id="transcript">`.
    func current() -> LiveRegion
    /// The messages before `message` that the live window leaves out, as day sections with the
    /// archive's markup, oldest first, at most one window's worth ("load older").
    /// - Returns: nil when `message` is not in the channel; empty HTML when nothing is older.
    func older(before message: MessageID) -> SafeHTML?
}

/// The live region of a channel at one version.
public struct LiveRegion: Hashable, Sendable {
    /// The version of the channel the HTML shows.
    public var version: Int
    /// The children of the page's `<main id="transcript">`: day sections with their messages.
    public var sections: SafeHTML

    /// The region showing `sections` at `version`.
    public init(version: Int, sections: SafeHTML) {
        self.version = version
        self.sections = sections
    }
}
