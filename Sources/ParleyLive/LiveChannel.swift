import ParleyHTML
import ParleyLayout
import ParleyModel
import ParleyPatch
import ParleyRender
import Synchronization

/// One channel of the live view: its messages, the window of the latest ones on the live page,
/// and the pipeline that turns every change into one ``PatchBatch``.
///
/// Each change lays out what changed, updates the window's snapshot (sections: days; items:
/// message ids; content versions: a hash of what each message element is rendered from), takes
/// the changeset and turns it into patch operations (``PatchEmitter``), rendering only the items
/// that need it. Everything — the messages, the snapshot, the renderings the page shows, the
/// version and the publishing of the batch — sits under one lock, so the page at version N plus
/// the batches published after N equals the page at the latest version.
///
/// The common live changes (a message appended at the end, an edit, a streamed token, a
/// reaction) take O(Δ) paths; anything else (a delete, a message out of order) lays out the
/// window again, O(window) plus O(n) to keep the n messages in order. Both give the same batches.
public final class LiveChannel: Sendable {
    /// The channel's id, name, topic and kind (its messages are ``messages``).
    public let channel: Channel
    let options: LiveOptions
    let state: Mutex<LiveState>

    /// Creates the channel holding `channel`'s messages, at `version` (e.g. the sequence number of
    /// the last event read from a database). The channel keeps its own copy of the messages, so
    /// the first append does not copy them.
    /// - Complexity: O(n log n) for n messages out of order, O(n) in order, plus the window's rendering.
    public init(channel: Channel, directory: Directory = Directory(), options: LiveOptions, version: Int = 0) {
        self.channel = Channel(id: channel.id, name: channel.name, topic: channel.topic, kind: channel.kind, category: channel.category)
        self.options = options
        let renderer = WindowRenderer(templates: options.templates, policy: options.policy, clock: options.clock)
        let context = RenderContext(templates: options.templates, clock: options.clock, directory: directory)
        var state = LiveState(
            messages: ChatLayout.displayOrder(channel.messages), version: version,
            window: LiveWindow(size: options.window, renderer: renderer, context: context))
        state.messages.reserveCapacity(state.messages.count + 64)
        state.reindex()
        _ = state.window.rebuild(state.messages, index: state.index)
        self.state = Mutex(state)
    }

    /// The current version: that of the last batch produced, or the initial version.
    public var version: Int { state.withLock(\.version) }

    /// The messages, in display order.
    public var messages: [Message] { state.withLock(\.messages) }

    /// Publishes every later batch through `publish`, called under the channel's lock in version
    /// order (so a subscriber never sees batches out of order or a page newer than its batches).
    public func attach(_ publish: @escaping @Sendable (PatchBatch) -> Void) {
        state.withLock { $0.publish = publish }
    }

    /// Applies `events` (all to this channel) as one change and returns (and publishes) the batch
    /// that takes a page from the previous version to the new one, or nil when the live page does
    /// not change; then the version stays where it was.
    /// - Parameter version: The batch's version (e.g. the database's sequence number of the last
    ///   event); it must exceed the current version. Nil means the current version plus one.
    /// - Throws: ``EventBatchFailure`` naming the first event that fails; then nothing changes.
    /// - Complexity: O(1) for one event that appends a message at the end or changes one in place
    ///   (plus the rendering of the changed items); else O(window + events + messages after the
    ///   first one removed or added), O(n log n) when a message arrives out of order.
    @discardableResult
    public func apply(_ events: [TranscriptEvent], version: Int? = nil) throws(EventBatchFailure) -> PatchBatch? {
        try state.withLock { state throws(EventBatchFailure) in
            guard events.count == 1, let operations = try state.applyIncrementally(events[0], channel: channel) else {
                return try state.applyFully(events, channel: channel, version: version)
            }
            return state.publish(operations, version: version)
        }
    }

    /// Changes the channel's messages and returns (and publishes) the batch that takes a page from
    /// the previous version to the new one, or nil when the live page does not change (e.g. an
    /// edit of a message outside the window); then the version stays where it was.
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
    @discardableResult
    public func update<Failure: Error>(
        version: Int? = nil, _ mutate: (inout [Message]) throws(Failure) -> Void
    ) throws(Failure) -> PatchBatch? {
        try state.withLock { state throws(Failure) in try state.change(version: version, mutate) }
    }

    /// Runs `body` with the current version and the container's HTML (the day sections of the
    /// window), under the same lock as updates, so what it renders is exactly that version.
    public func withCurrentPage<Result, Failure: Error>(
        _ body: (_ version: Int, _ sections: SafeHTML) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try state.withLock { state throws(Failure) in try body(state.version, state.window.sections(of: state.messages)) }
    }

    /// Up to ``LiveOptions/window`` messages before `message`, as day sections with the archive's markup
    /// (group positions and days as in the whole channel); nil when `message` is not in the channel.
    /// - Complexity: O(window).
    public func older(before message: MessageID) -> SafeHTML? {
        state.withLock { state in
            guard let end = state.index[message] else { return nil }
            let window = state.window
            var context = window.context
            let range = max(end - window.size, 0)..<end
            for reply in state.messages[range].compactMap(\.reply?.messageID) {
                if let position = state.index[reply] { context.messages[reply] = state.messages[position] }
            }
            return window.renderer.sections(of: state.messages, in: range, context: context)
        }
    }

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
