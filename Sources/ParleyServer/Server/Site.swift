import ParleyModel

/// What the live server serves: the channels, the channel list, the colour classes and, with
/// ingest, where posted events go. Module ParleySite builds it from transcripts.
public struct Site: Sendable {
    /// The channels, in the channel list's order; ids must be distinct.
    public var channels: [any ServedChannel]
    /// The CSS served at `/colors.css`.
    public var colors: String
    /// Files served as they are besides `Public/`'s, by path below the root (a user's theme
    /// stylesheet at `public/theme.css`); a path `Public/` also has is served from here.
    public var files: [String: [UInt8]] = [:]
    /// Renders the channel list (`/`): called at start and whenever a channel is added.
    public var index: @Sendable (_ channels: [any ServedChannel]) -> [UInt8]
    /// Where `POST /c/{channel}/events` hands the bodies it accepted (after the token and size
    /// checks of ``ServerConfiguration/ingest``); nil answers posts with `405`.
    public var ingest: (any IngestEndpoint)?

    /// A site of `channels` with the colour classes in `colors`, the channel list `index`
    /// renders, and `ingest` for posted events.
    public init(
        channels: [any ServedChannel], colors: String = "", ingest: (any IngestEndpoint)? = nil,
        index: @escaping @Sendable (_ channels: [any ServedChannel]) -> [UInt8]
    ) {
        self.channels = channels
        self.colors = colors
        self.ingest = ingest
        self.index = index
    }
}
