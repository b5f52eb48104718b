import Dispatch
import ParleyImport
import ParleyModel
import ParleyStore
import Synchronization

/// The sink `parley render` reads its inputs into: each message, as the importer reads it, is
/// filtered (`--after`, `--before`, `--channel`) on the reader's thread, then handed in chunks to
/// an ``IntakeStaging``, which compares it with the archive's stored copy and stages it in the
/// store's open update on a thread of its own — so an input's messages are never held together,
/// and reading and storing overlap. Encoding a message as its store record is done by the side
/// with time for it: the reader while half the chunks in flight or more wait, else the staging.
///
/// At most ``chunksInFlight`` chunks wait for the staging: a reader faster than the store waits
/// (memory stays bounded). Which copy wins follows ``TranscriptMerger``: a later edit time wins; at
/// the same edit time the later input's copy wins, reported when its content differs; within one
/// input a later copy of an id replaces the earlier (reported as a duplicate). A message the
/// archive or an earlier input already holds is a ``MergedCopy``: counted per channel in the
/// update's ``ArchiveHistory/Update/merges``, and written to the `--verbose` ``MergeLog`` if any.
///
/// Every message is stored with its input record's source digest when the importer took one
/// (``KnownRecords``), and an importer about to read a channel's records of an archive that
/// already holds some is given their digests: a record stored byte for byte is handed over as
/// known, and only its sighting is staged (``IntakeStaging/take(_:)``) — in an update, most of a
/// newer export. Not with `--after`/`--before` (the stored copy was admitted by other bounds), nor
/// for a channel an earlier Parley knew by other ids.
final class ArchiveIntake: MessageSink {
    /// Messages handed to the staging at once.
    static let chunkSize = 512
    /// Chunks handed over and not yet staged, at most: twice the staging's batch
    /// (``IntakeStaging/batchSize``, 4 chunks), so that the reader goes on while a batch is
    /// written to the store instead of waiting for a slot. With 4 chunks and batches of 8, the
    /// reader waited for the store 1.1 s of a 1M Discord render's reading, both threads under 90 %
    /// busy. 100k generated Discord messages on tmpfs, 8 interleaved runs each, medians: reading
    /// and storing 0.95 s with 4 chunks and batches of 4,096, 0.70 s with 12 chunks, 0.69 s with
    /// 8 chunks and batches of 2,048 — which hold 4,096 messages in flight, fewer than the smaller
    /// size of `BoundedMemoryTests`, so that both of its sizes fill them.
    static let chunksInFlight = 8

    let filter: TranscriptFilter
    /// Per channel of the current input: messages seen and messages the time filter let through.
    private(set) var counts: [ChannelID: (seen: Int, admitted: Int)] = [:]
    /// The time the reader waited for the store: for a free slot, and for the last chunks at the
    /// end of an input.
    private(set) var waited: Duration = .zero
    /// The store side, on its own queue.
    let staging: IntakeStaging
    private var chunk: [IntakeStaging.Item] = []
    /// The first failure met on the reader's side.
    private var failure: CommandFailure?
    private let slots = DispatchSemaphore(value: chunksInFlight)
    private let clock = ContinuousClock()

    /// - Parameter log: where the `--verbose` line of every merged copy goes, if anywhere.
    init(store: ArchiveStore, filter: TranscriptFilter, startedEmpty: Bool, log: MergeLog? = nil) {
        self.filter = filter
        staging = IntakeStaging(store: store, startedEmpty: startedEmpty, log: log)
        chunk.reserveCapacity(Self.chunkSize)
    }

    /// What the update changed so far (after ``flush()``).
    var update: ArchiveHistory.Update { staging.queue.sync { staging.update } }
    /// Duplicates and conflicts found in the current input, in order (after ``flush()``).
    var findings: [Diagnostic] { staging.queue.sync { staging.findings } }
    /// Distinct messages of the current input taken, a duplicate id counted once (after ``flush()``).
    var taken: Int { staging.queue.sync { staging.taken } }
    /// Messages moved from former channels so far (after ``flush()``), the former channels named by id.
    var moves: [ChannelMove] { staging.queue.sync { staging.moves } }

    /// Starts reading the next input.
    func startInput() {
        counts = [:]
        let staging = staging
        staging.queue.sync { staging.startInput() }
    }

    /// Counts a message seen in a channel, and admitted when `admitted`: one access to the
    /// channel's counts, which hashes its id once.
    private static func count(_ counts: inout (seen: Int, admitted: Int), admitted: Bool) {
        counts.seen += 1
        if admitted { counts.admitted += 1 }
    }

    func accept(_ message: Message, in channel: Channel, at location: RecordLocation, sourceDigest: UInt64?) {
        guard failure == nil, filter.selects(channel) else { return }
        let admitted = filter.admits(message)
        Self.count(&counts[channel.id, default: (0, 0)], admitted: admitted)
        guard admitted else { return }
        // The record is encoded on whichever side has time for it: here while the staging is
        // behind (half its slots or more wait), else there. The bytes are the same either way.
        let read: IntakeStaging.Entry.Read
        if staging.chunksWaiting.load(ordering: .relaxed) >= Self.chunksInFlight / 2 {
            read = .encoded(IntakeStaging.row(of: message, in: channel.id.rawValue, sourceDigest: sourceDigest), content: message.content)
        } else {
            read = .message(message, sourceDigest: sourceDigest)
        }
        chunk.append(
            .read(
                IntakeStaging.Entry(
                    read, channel: channel.id.rawValue, channelName: channel.name, location: location, formerIDs: channel.formerIDs)))
        if chunk.count == Self.chunkSize { handOver() }
    }

    /// The seed of `channel`'s source digests (this build, `reader`, the channel), and the digests
    /// of its stored messages when records may be passed over: the staging writes what it holds
    /// first, so they are the store's as the record list begins.
    func knownRecords(in channel: Channel, reader: String) -> KnownRecords? {
        guard failure == nil, filter.selects(channel) else { return nil }
        // Before the channel's messages are handed over (the queue is serial).
        let staging = staging, id = channel.id.rawValue
        staging.queue.async { staging.readsSourceDigests.insert(id) }
        var hasher = StableHasher()
        for part in ["parley source digest 1", RenderCommand.rendererIdentity, reader, channel.id.rawValue] { hasher.feed(part) }
        guard !staging.startedEmpty, filter.after == nil, filter.before == nil, channel.formerIDs.isEmpty else {
            return KnownRecords(seed: hasher.digest)
        }
        let entries = staging.queue.sync { () -> [(id: UInt64, digest: UInt64)] in
            staging.flush()
            var entries: [(id: UInt64, digest: UInt64)] = []
            try? staging.store.forEachSourceDigest(channel: channel.id.rawValue) { entries.append((KnownRecords.idHash($0), $1)) }
            return entries
        }
        return KnownRecords(seed: hasher.digest, entries: entries)
    }

    func acceptKnown(_ id: MessageID, in channel: Channel, at location: RecordLocation) {
        guard failure == nil else { return }
        Self.count(&counts[channel.id, default: (0, 0)], admitted: true)
        chunk.append(
            .known(IntakeStaging.Known(channel: channel.id.rawValue, id: id.rawValue, channelName: channel.name, location: location)))
        if chunk.count == Self.chunkSize { handOver() }
    }

    /// Waits until every message handed over is staged and written to the store (the end of an
    /// input).
    /// - Throws: the first failure of the reader's side or the store's.
    func flush() throws(CommandFailure) {
        if let failure { throw failure }
        handOver()
        let start = clock.now
        let staging = staging
        let failure = staging.queue.sync {
            staging.flush()
            return staging.failure
        }
        waited += clock.now - start
        if let failure { throw failure }
    }

    /// Waits until the staging has done what it was handed, without writing what it holds: call
    /// before rolling the store's update back, so that nothing writes to the store after.
    func drain() {
        staging.queue.sync {}
    }

    /// Hands the chunk to the staging, waiting for a free slot first.
    private func handOver() {
        guard !chunk.isEmpty else { return }
        let start = clock.now
        slots.wait()
        waited += clock.now - start
        let entries = chunk, staging = staging, slots = slots
        chunk.removeAll(keepingCapacity: true)
        staging.chunksWaiting.add(1, ordering: .relaxed)
        staging.queue.async {
            staging.take(entries)
            staging.chunksWaiting.subtract(1, ordering: .relaxed)
            slots.signal()
        }
    }
}
