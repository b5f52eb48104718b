import Foundation
import ParleyHTML
import ParleyLayout
import ParleyLive
import ParleyModel
import ParleyPatch
import ParleyRender
import ParleyServer
import ParleyStore
import Synchronization

/// A channel that changes while it is served: a ``LiveChannel`` whose batches are published to
/// the channel's ``Broadcaster``. The demo simulation, `--follow` and ingest all change it
/// through ``apply(_:version:)``.
///
/// The live channel publishes each batch under its one lock, so batches are published in
/// version order and only after ``current()`` shows them — the consistency contract of
/// ``ServedChannel``.
public final class LiveServedChannel: ServedChannel {
    public let id: ChannelID
    public let name: String
    public let topic: String
    /// The channel's epoch: the one it was created with, until a shared event log names the
    /// channel's epoch there (``restore(from:)``).
    public var epoch: ChannelEpoch { currentEpoch.withLock { $0 } }
    let currentEpoch: Mutex<ChannelEpoch>
    /// The app the channel's messages came from, whose theme its page takes.
    let platform: Platform?
    /// The channel's state and its batches; another one from ``replaceHistory(with:from:epoch:)``.
    var live: LiveChannel { liveChannel.withLock { $0 } }
    private let liveChannel: Mutex<LiveChannel>
    let pages: LivePageRenderer
    /// The channel as the server started with it (its inputs' messages), what a replaced history
    /// is rebuilt on.
    private let initial: (channel: Channel, directory: Directory, options: LiveOptions)
    /// Where batches go, once the server registered the channel.
    private let broadcaster = Mutex<Broadcaster?>(nil)

    /// Creates the channel holding `channel`'s messages at `version`, its live page rendered by
    /// `pages`, in a new epoch unless `epoch` names one.
    public init(
        channel: Channel, directory: Directory, options: LiveOptions, pages: LivePageRenderer, version: Int = 0,
        epoch: ChannelEpoch = .random()
    ) {
        id = channel.id
        currentEpoch = Mutex(epoch)
        name = channel.name
        topic = channel.topic ?? ""
        platform = channel.platform
        self.pages = pages
        initial = (channel, directory, options)
        logVersion = Atomic(version)
        liveChannel = Mutex(LiveChannel(channel: channel, directory: directory, options: options, version: version))
    }

    /// Publishes this channel's future batches to `broadcaster` (the server's, once it registered
    /// the channel).
    public func attach(_ broadcaster: Broadcaster) {
        self.broadcaster.withLock { $0 = broadcaster }
        publish(live, to: broadcaster)
    }

    /// Publishes `live`'s batches to `broadcaster`, each stamped with the channel's epoch.
    private func publish(_ live: LiveChannel, to broadcaster: Broadcaster) {
        live.attach { [weak self] batch in
            guard let self else { return }
            var batch = batch
            batch.epoch = epoch.rawValue
            try? broadcaster.publish(version: batch.version, base: batch.base, json: batch.json)
        }
    }

    /// Replaces the channel's history: its inputs' messages with `stored` applied (events that do
    /// not read or apply are left out), at the last one's version, in `epoch`. Every viewer's
    /// stream ends, and its browser, naming the old epoch, is reset to the new history. For a
    /// database restored from an older copy, whose versions name other content.
    /// - Returns: the events left out, in version order.
    /// - Complexity: O(stored events + messages), as a start.
    @discardableResult
    func replaceHistory(with stored: [StoredEvent], from source: String, epoch: ChannelEpoch) -> [SkippedEvent] {
        let rebuilt = LiveServedChannel(
            channel: initial.channel, directory: initial.directory, options: initial.options, pages: pages, epoch: epoch)
        let skipped = rebuilt.applyStored(stored, from: source)
        let live = rebuilt.live
        currentEpoch.withLock { $0 = epoch }
        liveChannel.withLock { $0 = live }
        logVersion.store(rebuilt.appliedVersion, ordering: .relaxed)
        if let broadcaster = broadcaster.withLock({ $0 }) {
            publish(live, to: broadcaster)
            broadcaster.restart(at: live.version)
        }
        return skipped
    }

    /// The live region at the current version.
    public func current() -> LiveRegion {
        live.withCurrentPage { version, sections in LiveRegion(version: version, sections: sections.bytes) }
    }

    /// The live page at the current version.
    public func page() -> [UInt8] {
        live.withCurrentPage { version, sections in
            pages.page(id, name: name, topic: topic, version: version, epoch: epoch, sections: sections, platform: platform)
        }
    }

    /// The version of the last batch.
    public var version: Int { live.version }

    /// Applies `events` (all to this channel) as one change and publishes the resulting batch.
    /// - Parameter version: the batch's version (e.g. the database's sequence number of the
    ///   last event); nil: the current version plus one.
    /// - Returns: the batch, or nil when the page did not change.
    /// - Throws: the first failing event's ``EventError``; then nothing is applied.
    @discardableResult
    public func apply(_ events: [TranscriptEvent], version: Int? = nil) throws(EventError) -> PatchBatch? {
        do throws(EventBatchFailure) {
            let batch = try live.apply(events, version: version)
            logVersion.store(max(logVersion.load(ordering: .relaxed), version ?? live.version), ordering: .relaxed)
            return batch
        } catch {
            throw error.error
        }
    }

    /// The event log's version of the last events applied: the channel's ``version`` or later,
    /// as events that change nothing on the live page (a message outside its window) make no
    /// batch. Commits and the follower read the log after it.
    public var appliedVersion: Int { logVersion.load(ordering: .relaxed) }
    private let logVersion: Atomic<Int>

    /// Whether other servers change this channel too (a shared event log that
    /// ``EventIngest/follow(_:)`` follows): then a viewer ahead of it waits for it to catch up.
    let isFollowed = Atomic<Bool>(false)

    /// Waits, when the channel is followed, until it reaches `version` or `timeout` passes,
    /// looking every 5 ms. Runs on a server worker.
    public func awaitVersion(_ version: Int, timeout: Duration) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while live.version < version {
            guard isFollowed.load(ordering: .relaxed), clock.now < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return true
    }

    /// Up to one window of messages before `message`, as day sections.
    public func older(before message: MessageID) -> [UInt8]? { live.older(before: message)?.bytes }
}
