import ParleyLayout
import ParleyModel
import ParleyRender

/// What the live server serves: a title, the channels and the colour classes of their authors.
public struct Site: Sendable {
    /// The transcript's title: the channel list's heading.
    public var title: String
    /// The channels, in the channel list's order; ids must be distinct.
    public var channels: [any ServedChannel]
    /// The CSS served at `/colors.css` (see ``ParleyRender/ColorClasses``).
    public var colors: String

    /// A site of `channels` with the colour classes in `colors`.
    public init(title: String, channels: [any ServedChannel], colors: String = "") {
        self.title = title
        self.channels = channels
        self.colors = colors
    }

    /// A site of ``StaticChannel``s, one per channel of `transcript`, with its colour classes.
    /// - Parameters:
    ///   - window: The number of latest messages on each live page.
    ///   - policies: Each channel's grouping rule (its platform's, as `parley render` uses);
    ///     Discord's for a channel not named.
    public init(
        staticTranscript transcript: Transcript, window: Int, templates: TemplateSet, clock: ZoneClock = .utc,
        policies: [ChannelID: GroupingPolicy] = [:]
    ) {
        self.init(
            title: transcript.title,
            channels: transcript.channels.map {
                StaticChannel(
                    channel: $0, directory: transcript.directory, window: window, templates: templates, clock: clock,
                    policy: policies[$0.id] ?? .discord)
            },
            colors: Self.colorStylesheet(for: transcript))
    }

    /// The colour classes of the authors and embeds of `transcript` (`/colors.css`).
    public static func colorStylesheet(for transcript: Transcript) -> String {
        let colors = transcript.channels.flatMap { $0.messages.flatMap { [$0.author.color] + $0.embeds.map(\.color) } }
        return ColorClasses.stylesheet(for: colors.compactMap { $0 })
    }
}
