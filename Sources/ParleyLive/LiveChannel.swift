import ParleyDiffing
import ParleyHTML
import ParleyLayout
import ParleyModel
import ParleyPatch
import ParleyRender
import Synchronization

/// One channel of the live view: its messages, the window of the latest ones on the live page,
/// and the pipeline that turns every change into one ``PatchBatch``.
///
/// Each ``update(_:)`` lays out the window, builds a snapshot (sections: days; items: message
/// ids; content versions: a hash of what each message element is rendered from) and applies it
/// to a ``DiffableDataSource`` whose target is a ``PatchEmitter``. Models are committed in
/// `commitAlongsideUpdates`, so fragments always match the snapshot. Updates and page renders
/// are serialized by one lock: the page at version N plus the batches after N equals the page at
/// the latest version.
public final class LiveChannel: Sendable {
    typealias Source = DiffableDataSource<LocalDate, MessageID, ElementRendering>

    public let channel: Channel
    let options: LiveOptions
    let directory: Directory
    let emitter: PatchEmitter<LocalDate, MessageID>
    let source: Source
    let store: CommittedModels
    let state: Mutex<LiveState>

    /// Creates the channel holding `channel`'s messages, at `version` (e.g. the sequence number of
    /// the last event read from a database).
    public init(channel: Channel, directory: Directory = Directory(), options: LiveOptions, version: Int = 0) {
        self.channel = Channel(id: channel.id, name: channel.name, topic: channel.topic, kind: channel.kind, category: channel.category)
        self.options = options
        self.directory = directory
        let renderer = PageRenderer(templates: options.templates)
        let emitter = PatchEmitter<LocalDate, MessageID>(
            sectionRendering: { date in
                let parts = renderer.dayContainer(date)
                return SectionRendering(elementID: DOMID.day(date.isoString), opening: parts.opening, closing: parts.closing)
            },
            itemElementID: { DOMID.message($0.rawValue) })
        let store = CommittedModels(
            ModelStore(context: RenderContext(templates: options.templates, clock: options.clock, directory: directory)))
        self.emitter = emitter
        self.store = store
        self.source = Source(target: emitter, onItemReconfiguration: { id, _ in emitter.flash(id, className: "flash") }) { _, id in
            store.models.withLock { store in
                let fragment = MessageRenderer(context: store.context).render(store.items[id]!)
                return ElementRendering(
                    elementID: fragment.elementID, attributes: fragment.attributes, slots: fragment.slots, html: fragment.html,
                    frame: fragment.frame)
            }
        }
        self.state = Mutex(LiveState(messages: ChatLayout.displayOrder(channel.messages), version: version))
        state.withLock { state in
            apply(state.messages)
            _ = emitter.takeOperations()
        }
    }

    /// The current version: that of the last batch produced, or the initial version.
    public var version: Int { state.withLock(\.version) }

    /// Changes the channel's messages and returns the batch that takes a page from the previous
    /// version to the new one, or nil when the live page does not change (e.g. an edit of a
    /// message outside the window); then the version stays where it was.
    /// - Parameters:
    ///   - version: The version the batch gets, e.g. the sequence number of the event in a
    ///     database, so versions stay meaningful across restarts; it must exceed the current
    ///     version. Nil means the current version plus one.
    ///   - mutate: Changes the messages (any order; they are kept in display order) in place:
    ///     the list is handed over, not copied. When it throws it must leave them unchanged (as
    ///     `Channel.apply(_:)` with a batch of events does).
    /// - Complexity: O(window) for the layout, snapshot and diff of the window, plus the
    ///   rendering of the changed items and an O(n) check that the n messages are still in order
    ///   (O(n log n) when they are not).
    /// - Throws: what `mutate` throws.
    public func update<Failure: Error>(
        version: Int? = nil, _ mutate: (inout [Message]) throws(Failure) -> Void
    ) throws(Failure) -> PatchBatch? {
        try state.withLock { state throws(Failure) in
            var messages: [Message] = []
            swap(&messages, &state.messages)
            do throws(Failure) {
                try mutate(&messages)
            } catch {
                state.messages = messages
                throw error
            }
            state.messages = ChatLayout.displayOrder(messages)
            apply(state.messages)
            let operations = emitter.takeOperations()
            guard !operations.isEmpty else { return nil }
            let base = state.version
            state.version = max(version ?? base + 1, base + 1)
            return PatchBatch(version: state.version, base: base, operations: operations)
        }
    }

    /// Runs `body` with the current version and the container's HTML (the day sections of the
    /// window), under the same lock as updates, so what it renders is exactly that version.
    public func withCurrentPage<Result, Failure: Error>(
        _ body: (_ version: Int, _ sections: SafeHTML) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        return try state.withLock { state throws(Failure) in try body(state.version, containerHTML(state.messages)) }
    }

    /// The messages, in display order.
    public var messages: [Message] { state.withLock(\.messages) }

    /// The first of `events` that would fail on the current messages, or nil when all apply;
    /// nothing changes (they are applied in place, then undone). O(events), not O(messages).
    public func firstFailure(in events: [TranscriptEvent]) -> EventBatchFailure? {
        failures(in: [events])[0]
    }

    /// The failure of each of `batches` checked in order, each on top of the ones before it that
    /// apply (nil where it applies); nothing changes. O(total events), not O(messages).
    public func failures(in batches: [[TranscriptEvent]]) -> [EventBatchFailure?] {
        state.withLock { state in
            var trial = Channel(id: channel.id, name: channel.name)
            swap(&trial.messages, &state.messages)
            defer { swap(&trial.messages, &state.messages) }
            return trial.failures(in: batches)
        }
    }
}

struct LiveState: Sendable {
    var messages: [Message]
    var version = 0
}
