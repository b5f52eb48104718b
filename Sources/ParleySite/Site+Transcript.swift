import ParleyLayout
import ParleyModel
import ParleyRender
import ParleyServer

extension Site {
    /// A site of ``StaticChannel``s, one per channel of `transcript`, with its colour classes.
    /// - Parameters:
    ///   - window: The number of latest messages on each live page.
    ///   - policies: Each channel's grouping rule (its platform's, as `parley render` uses);
    ///     Discord's for a channel not named.
    public init(
        staticTranscript transcript: Transcript, window: Int, templates: TemplateSet, pages: LivePageRenderer,
        clock: ZoneClock = .utc, policies: [ChannelID: GroupingPolicy] = [:]
    ) {
        self.init(
            channels: transcript.channels.map {
                StaticChannel(
                    channel: $0, directory: transcript.directory, window: window, templates: templates, pages: pages, clock: clock,
                    policy: policies[$0.id] ?? .discord)
            },
            colors: Self.colorStylesheet(for: transcript), index: pages.index)
    }

    /// The colour classes of the authors and embeds of `transcript` (`/colors.css`).
    public static func colorStylesheet(for transcript: Transcript) -> String {
        let colors = transcript.channels.flatMap { $0.messages.flatMap { [$0.author.color] + $0.embeds.map(\.color) } }
        return ColorClasses.stylesheet(for: colors.compactMap { $0 })
    }
}
