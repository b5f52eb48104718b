import ParleyHTML
import ParleyLayout
import ParleyLive
import ParleyModel
import ParleyPatch
import ParleyRender
import ParleyServer
import Synchronization

/// A channel that changes while it is served: a ``LiveChannel`` whose batches are published to
/// the channel's ``Broadcaster``. The demo simulation, `--follow` and ingest all change it
/// through ``apply(_:version:)``.
///
/// Each apply updates the channel and publishes its batch under one lock, so batches are
/// published in version order and only after ``current()`` shows them — the consistency
/// contract of ``ServedChannel``.
public final class LiveServedChannel: ServedChannel {
    public let id: ChannelID
    public let name: String
    public let topic: String
    let live: LiveChannel
    let options: LiveOptions
    let directory: Directory
    let pages: LivePageRenderer
    let publishing = Mutex<Broadcaster?>(nil)

    /// Creates the channel holding `channel`'s messages at `version`, its live page rendered by
    /// `pages`.
    public init(channel: Channel, directory: Directory, options: LiveOptions, pages: LivePageRenderer, version: Int = 0) {
        id = channel.id
        name = channel.name
        topic = channel.topic ?? ""
        self.options = options
        self.directory = directory
        self.pages = pages
        live = LiveChannel(channel: channel, directory: directory, options: options, version: version)
    }

    /// Publishes this channel's future batches to `broadcaster` (the server's, once it started).
    public func attach(_ broadcaster: Broadcaster) { publishing.withLock { $0 = broadcaster } }

    /// The live region at the current version.
    public func current() -> LiveRegion {
        live.withCurrentPage { version, sections in LiveRegion(version: version, sections: sections.bytes) }
    }

    /// The live page at the current version.
    public func page() -> [UInt8] {
        live.withCurrentPage { version, sections in pages.page(id, name: name, topic: topic, version: version, sections: sections) }
    }

    /// The version of the last batch.
    public var version: Int { live.version }

    /// Applies `events` (all to this channel) as one change and publishes the resulting batch.
    /// - Parameter version: the batch's version (e.g. the database's sequence number of the
    ///   last event); nil: the current version plus one.
    /// - Returns: the batch, or nil when the page did not change.
    /// - Throws: the first event's ``EventError``; then nothing is applied.
    @discardableResult
    public func apply(_ events: [TranscriptEvent], version: Int? = nil) throws(EventError) -> PatchBatch? {
        try publishing.withLock { broadcaster throws(EventError) in
            let batch = try live.update(version: version) { messages throws(EventError) in
                var channel = Channel(id: id, name: name)
                swap(&channel.messages, &messages)
                defer { swap(&channel.messages, &messages) }
                do throws(EventBatchFailure) {
                    try channel.apply(events)
                } catch {
                    throw error.error
                }
            }
            if let batch { try? broadcaster?.publish(version: batch.version, base: batch.base, json: batch.json) }
            return batch
        }
    }

    /// Up to one window of messages before `message`, as day sections.
    public func older(before message: MessageID) -> [UInt8]? {
        let messages = live.messages
        guard let end = messages.firstIndex(where: { $0.id == message }) else { return nil }
        let start = max(end - options.window, 0)
        let layout = ChatLayout(policy: options.policy, clock: options.clock)
            .layout(Channel(id: id, name: name, messages: Array(messages[max(start - 1, 0)..<end])))
        var items = layout.messages
        if start > 0, !items.isEmpty { items.removeFirst() }
        let byID = Dictionary(messages.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        let renderer = MessageRenderer(
            context: RenderContext(templates: options.templates, clock: options.clock, directory: directory, messages: byID))
        return StaticChannel.sections(items[...], pageRenderer: PageRenderer(templates: options.templates), messageRenderer: renderer)
            .bytes
    }
}
