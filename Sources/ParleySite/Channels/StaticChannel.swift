import ParleyHTML
import ParleyLayout
import ParleyModel
import ParleyRender
import ParleyServer

/// A channel that never changes: rendered once, served at version 0. `parley serve` uses it for
/// inputs that are not followed.
///
/// Its live region holds the latest `window` messages with the archive's markup: day sections,
/// group positions and reply headers as in the whole channel (``WindowRenderer``).
public struct StaticChannel: ServedChannel {
    /// The channel's id (`/c/{id}`).
    public let id: ChannelID
    /// The channel's name.
    public let name: String
    /// The channel's topic, empty when it has none.
    public let topic: String
    /// A new epoch at every start (the channel never changes, but a restarted server may serve
    /// other content under the same versions).
    public let epoch = ChannelEpoch.random()
    let region: LiveRegion
    /// The live page, rendered once.
    let livePage: [UInt8]
    /// Every message of the channel, in display order.
    let messages: [Message]
    let positions: [MessageID: Int]
    let window: Int
    let renderer: WindowRenderer
    let context: RenderContext

    /// Lays out and renders `channel`.
    /// - Parameters:
    ///   - directory: Names for mentions and custom emoji (the transcript's directory).
    ///   - window: The number of latest messages on the live page (`--window`), at least 1.
    /// - Complexity: O(n log n) for n messages, plus rendering the window.
    public init(
        channel: Channel, directory: Directory, window: Int, templates: TemplateSet, pages: LivePageRenderer,
        clock: ZoneClock = .utc, policy: GroupingPolicy = .discord
    ) {
        self.id = channel.id
        self.name = channel.name
        self.topic = channel.topic ?? ""
        self.window = max(window, 1)
        let messages = ChatLayout.displayOrder(channel.messages)
        var positions: [MessageID: Int] = [:]
        var byID: [MessageID: Message] = [:]
        for (index, message) in messages.enumerated() {
            positions[message.id] = index
            byID[message.id] = message
        }
        self.messages = messages
        self.positions = positions
        self.renderer = WindowRenderer(templates: templates, policy: policy, clock: clock)
        self.context = RenderContext(templates: templates, clock: clock, directory: directory, messages: byID)
        let sections = renderer.sections(of: messages, in: max(messages.count - self.window, 0)..<messages.count, context: context)
        self.region = LiveRegion(version: 0, sections: sections.bytes)
        self.livePage = pages.page(
            channel.id, name: channel.name, topic: channel.topic ?? "", version: 0, epoch: epoch, sections: sections,
            platform: channel.platform)
    }

    /// The latest `window` messages, rendered once, at version 0.
    public func current() -> LiveRegion { region }

    /// The live page at version 0, rendered once.
    public func page() -> [UInt8] { livePage }

    /// Up to one window of messages before `message`.
    public func older(before message: MessageID) -> [UInt8]? {
        guard let end = positions[message] else { return nil }
        return renderer.sections(of: messages, in: max(end - window, 0)..<end, context: context).bytes
    }
}
