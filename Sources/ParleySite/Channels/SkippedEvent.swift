/// A stored event that restoring a channel left out because it no longer reads or applies: the
/// server starts and serves everything else (`parley serve` prints a warning for each and
/// counts them in `/metrics` as `parley_restore_skipped_events_total`).
public struct SkippedEvent: Hashable, Sendable, CustomStringConvertible {
    /// The channel the event was stored for.
    public var channel: String
    /// The event's version in the database.
    public var version: Int
    /// Why it was left out: the decoding, validation or ``EventError`` message.
    public var reason: String

    /// An event of `channel` at `version` left out because of `reason`.
    public init(channel: String, version: Int, reason: String) {
        self.channel = channel
        self.version = version
        self.reason = reason
    }

    /// `channel 'general', version 7: …`, for warnings.
    public var description: String { "channel '\(channel)', version \(version): stored event skipped: \(reason)" }
}
