import Dispatch
import ParleyEventCodec
import ParleyImport
import ParleyModel
import ParleyStore
import Synchronization

/// The store side of an ``ArchiveIntake``: on a serial queue of its own, each message the reader
/// handed over is compared with the archive's stored copy and staged in the store's open update
/// when it is new or wins, a few thousand rows per write — so reading the next messages (on the
/// reader's thread) and storing the last ones (here) use both cores.
///
/// Every mutable property but the atomic ``chunksWaiting`` is touched only on ``queue``: the
/// intake hands work over with `queue.async` and reads the results after a `queue.sync`, which
/// orders every access (hence `@unchecked Sendable`). The store is not used by anyone else while an input is being read.
final class IntakeStaging: @unchecked Sendable {
    /// One message as the reader read it — the message itself for the staging to encode, or its
    /// store row and content when the reader encoded it (then the message is not held: the
    /// queue is long, and the row is the smaller) — with its channel's id, and where the input
    /// holds it (inside a bundled input, the file within it). A class, so that handing it over
    /// and taking it copies one reference, not every string and array of the message (measured:
    /// 1,500 instructions a message fewer than a struct).
    final class Entry: Sendable {
        /// What the reader handed over of the message.
        enum Read: Sendable {
            /// The message and its input record's source digest, if the importer took one.
            case message(Message, sourceDigest: UInt64?)
            /// The message's store row (source digest included) and its content.
            case encoded(StoredMessage, content: Content)
        }

        let read: Read
        let channel: String
        let channelName: String
        let location: RecordLocation
        /// The channel's ``Channel/formerIDs``: where an earlier Parley's archive may hold the message.
        let formerIDs: [ChannelID]

        init(_ read: Read, channel: String, channelName: String, location: RecordLocation, formerIDs: [ChannelID]) {
            self.read = read
            self.channel = channel
            self.channelName = channelName
            self.location = location
            self.formerIDs = formerIDs
        }
    }

    /// A message whose input record the store holds byte for byte (``ArchiveIntake/knownRecords(in:reader:)``):
    /// the stored row is this copy.
    struct Known: Sendable {
        var channel: String
        var id: String
        var channelName: String
        var location: RecordLocation
    }

    /// What the reader hands over: a message it read, or one it passed over as known.
    enum Item: Sendable {
        case read(Entry)
        case known(Known)
    }

    /// Staged messages are written to the store in batches of this many.
    static let batchSize = 2048

    let queue = DispatchQueue(label: "parley.archive-intake")
    let store: ArchiveStore
    /// Whether the store held no message when the update began: then a message met for the first
    /// time in the update is new without a lookup.
    let startedEmpty: Bool
    /// What the update changed so far.
    private(set) var update = ArchiveHistory.Update()
    /// Duplicates and conflicts found in the current input, in order.
    private(set) var findings: [Diagnostic] = []
    /// Distinct messages of the current input taken (a duplicate id counts once).
    private(set) var taken = 0
    /// The first failure: later messages are ignored, and the caller rolls the update back.
    private(set) var failure: CommandFailure?
    /// With `--verbose`: the line of every merged copy, in order.
    let log: MergeLog?
    /// The current input's number in the update.
    private(set) var input = 0
    /// Messages moved from former channels so far, a pair of channels each, in the order first met,
    /// and each pair's place in it (``storedCopy(of:sighting:)``).
    var moves: [ChannelMove] = []
    var moveIndex: [ChannelID: [ChannelID: Int]] = [:]
    private var pending: [StoredMessage] = []
    /// Per channel of the current input, from its first message read on: the id hash and record
    /// digest of every message the store held then (``identicalToStored(_:)``).
    private var storedDigests: [String: KnownRecords] = [:]
    /// The channels of the current input whose importer compares source digests itself
    /// (``ArchiveIntake/knownRecords(in:reader:)``): their messages are not compared by record digest.
    var readsSourceDigests: Set<String> = []
    /// Whether a message read whose record the store holds byte for byte is taken as identical
    /// without reading the stored copy (``identicalToStored(_:)``); tests turn it off to compare.
    var passesOverIdenticalCopies = true
    /// Chunks handed over by the reader and not yet taken (the one thing the reader reads
    /// without the queue: it encodes records itself while the staging is behind).
    let chunksWaiting = Atomic<Int>(0)

    init(store: ArchiveStore, startedEmpty: Bool, log: MergeLog?) {
        self.store = store
        self.startedEmpty = startedEmpty
        self.log = log
    }

    /// Starts the update's next input.
    func startInput() {
        input += 1
        findings = []
        taken = 0
        storedDigests = [:]
        readsSourceDigests = []
    }

    /// Takes `items`, in order; after a failure, nothing more.
    func take(_ items: [Item]) {
        for item in items where failure == nil {
            do {
                switch item {
                case let .read(entry): try take(entry)
                case let .known(known): try take(known)
                }
            } catch let error as CommandFailure {
                failure = error
            } catch let error as StoreError {
                failure = CommandFailure(.ioError, error.description)
            } catch {
                failure = CommandFailure(.dataError, "\(store.path): \(error)")
            }
        }
    }

    /// Writes what is staged to the store (the end of an input, or a full batch).
    func flush() {
        guard failure == nil, !pending.isEmpty else { return }
        do {
            try store.stage(pending)
        } catch {
            failure = CommandFailure(.ioError, error.description)
        }
        pending.removeAll(keepingCapacity: true)
    }

    private func take(_ entry: Entry) throws {
        let stored: StoredMessage, content: Content
        switch entry.read {
        case let .message(message, sourceDigest):
            (stored, content) = (Self.row(of: message, in: entry.channel, sourceDigest: sourceDigest), message.content)
        case let .encoded(row, rowContent):
            (stored, content) = (row, rowContent)
        }
        let location = entry.location
        if try identicalToStored(stored, formerIDs: entry.formerIDs) {
            update.identicalByDigest += 1
            return try takeIdentical(channel: stored.channel, id: stored.id, channelName: entry.channelName, at: location)
        }
        let place = ArchiveStore.Place(input: input, file: location.file, location: location.place)
        // The copy kept so far is the store's row: the archive's, or one an earlier input staged. A
        // store that started empty has none for an id met first, so only a later copy is looked up.
        var previous: StoredCopy?
        var sighting: ArchiveStore.Sighting?
        if startedEmpty {
            let met = try store.mark(channel: stored.channel, id: stored.id, at: place, keptIfFirst: true)
            if case .earlierInput = met { previous = try store.message(channel: stored.channel, id: stored.id).map(StoredCopy.init) }
            sighting = met
        } else {
            previous = try store.message(channel: stored.channel, id: stored.id).map(StoredCopy.init)
        }
        // A duplicate within the input met the former channels with its first copy.
        if case .sameInput? = sighting {} else { previous = try formerCopy(of: entry, id: stored.id, over: previous) }
        let outcome = previous.map { Self.outcome(($0.edited, $0.record), stored) }
        let met = try sighting ?? store.mark(channel: stored.channel, id: stored.id, at: place, keptIfFirst: outcome?.keepsLater ?? true)
        if case let .sameInput(first) = met {
            findings.append(.duplicate(id: stored.id, at: location, firstSeenAt: RecordLocation(file: first.file, place: first.location)))
            try store.noteLaterCopy(channel: stored.channel, id: stored.id, at: place, kept: true, sameInput: true)
            return stage(stored)
        }
        taken += 1
        guard let previous, let outcome else {
            update.added += 1
            return stage(stored)
        }
        let first = try noteMerge(
            channel: stored.channel, id: stored.id, channelName: entry.channelName, at: location, place: place, met: met, outcome: outcome)
        guard outcome.keepsLater else {
            if let moved = previous.moved { return stage(moved) }
            // The same message from other bytes (a field Parley does not read changed, or the store
            // had no digest yet): the next update can pass these over.
            if outcome == .identical, let digest = stored.sourceDigest {
                try store.setSourceDigest(digest, channel: stored.channel, id: stored.id)
            }
            return
        }
        if outcome == .sameEditTime {
            do throws(EventRecordError) {
                if try StoredArchive.readBack(previous.record, file: store.path).content != content {
                    findings.append(
                        Diagnostic(
                            file: location.file, location: "channel \(entry.channelName), message \(stored.id)",
                            message:
                                "differs from \(first.map { "the copy at \($0)" } ?? "the archive's copy") (same edit time, different content); this input's copy is kept"
                        ))
                }
            } catch {
                findings.append(
                    Diagnostic(
                        file: location.file, location: "channel \(entry.channelName), message \(stored.id)",
                        message: "the archive's copy does not read back (\(StoredArchive.reason(error))); this input's copy replaces it"))
            }
        }
        // The archive's copy is replaced for the first time: a message of the archive changed.
        if first == nil { update.changed += 1 }
        stage(stored)
    }

    /// Takes a copy whose stored row is itself, as ``take(_:)-(Entry)`` would take it after
    /// finding the two identical: its sighting is noted, and the merge counted; nothing is staged.
    private func take(_ known: Known) throws {
        update.known += 1
        try takeIdentical(channel: known.channel, id: known.id, channelName: known.channelName, at: known.location)
    }

    /// Takes a copy of message `id` of `channel` found identical to the stored row, met at
    /// `location`: its sighting is noted and the merge counted (a duplicate of the input reported);
    /// nothing is staged.
    private func takeIdentical(channel: String, id: String, channelName: String, at location: RecordLocation) throws {
        let place = ArchiveStore.Place(input: input, file: location.file, location: location.place)
        let met = try store.mark(channel: channel, id: id, at: place, keptIfFirst: false)
        if case let .sameInput(first) = met {
            findings.append(.duplicate(id: id, at: location, firstSeenAt: RecordLocation(file: first.file, place: first.location)))
            return try store.noteLaterCopy(channel: channel, id: id, at: place, kept: true, sameInput: true)
        }
        taken += 1
        _ = try noteMerge(channel: channel, id: id, channelName: channelName, at: location, place: place, met: met, outcome: .identical)
    }

    /// Whether the store holds `stored`'s record byte for byte (its record digest, XXH3-64, is the
    /// stored row's) and this is the first copy of its id the current input gives: then it is
    /// what reading the stored copy and comparing would find identical, without that read — a
    /// lookup by id, a random walk of the store's B-trees for each message of an update, which took
    /// 8 s of re-reading an unchanged 1M-message WhatsApp chat (hashed ids, no source digests).
    /// The digests of a channel's rows are read by one scan at its first message in the input
    /// (the earlier inputs' copies are written by then, and none of this input's is of the
    /// channel), as ``ArchiveIntake/knownRecords(in:reader:)`` reads source digests; every copy
    /// meets its id, and a later copy of an id the input gave before is compared as always, since
    /// the stored row may be the earlier copy by then.
    ///
    /// Only for a message without a source digest (a stored row without one gets it from the
    /// comparison) of a channel whose importer gives none (one that does reads its stored copies
    /// by source digest; the few records it cannot digest are not worth a scan), in a store that
    /// held messages, not for a channel an earlier Parley knew by other ids (its messages may be
    /// stored under those).
    private func identicalToStored(_ stored: StoredMessage, formerIDs: [ChannelID]) throws -> Bool {
        guard passesOverIdenticalCopies, !startedEmpty, formerIDs.isEmpty, !readsSourceDigests.contains(stored.channel) else {
            return false
        }
        if storedDigests[stored.channel] == nil {
            var entries: [(id: UInt64, digest: UInt64)] = []
            try store.forEachRecordDigest(channel: stored.channel) { entries.append((KnownRecords.idHash($0), $1)) }
            storedDigests[stored.channel] = KnownRecords(seed: 0, entries: entries)
        }
        var id = stored.id
        // Every copy meets its id, with a source digest too: a later copy is compared as always.
        let held = id.withUTF8 { storedDigests[stored.channel]?.claim(id: UnsafeRawBufferPointer($0), digest: stored.digest) } == true
        return held && stored.sourceDigest == nil
    }

    /// Notes a copy of a message the archive or an earlier input holds, met at `place`
    /// (`location`) with `outcome`: after an earlier input's copy, it is noted in the sighting
    /// table (as the copy kept when `outcome` keeps it); the merge is counted, and logged with `-v`.
    /// - Returns: where the earlier input's copy kept so far is, if one is.
    private func noteMerge(
        channel: String, id: String, channelName: String, at location: RecordLocation, place: ArchiveStore.Place,
        met: ArchiveStore.Sighting, outcome: MergedCopy.Outcome
    ) throws -> String? {
        var first: String?
        if case let .earlierInput(kept) = met {
            try store.noteLaterCopy(channel: channel, id: id, at: place, kept: outcome.keepsLater, sameInput: false)
            first = kept.map { "\($0.file): \($0.location)" }
        }
        update.merges.add(channel: ChannelID(channel), name: channelName, fromArchive: first == nil, outcome: outcome)
        if log != nil {
            let copy = MergedCopy(
                channel: ChannelID(channel), channelName: channelName, id: MessageID(id), first: first,
                later: "\(location.file): \(location.place)", outcome: outcome)
            log?.append(MergeSummary.line(copy))
        }
        return first
    }

    /// The store row of `message` of `channel`, its record written by ``MessageRecordWriter``
    /// (which never fails: every value of a message has a JSON form).
    static func row(of message: Message, in channel: String, sourceDigest: UInt64?) -> StoredMessage {
        var stored = ArchiveHistory.stored(message, in: channel, record: MessageRecordWriter().bytes(of: message))
        stored.sourceDigest = sourceDigest
        return stored
    }

    /// How merging the later copy `stored` into the copy kept so far, `previous`, comes out.
    private static func outcome(_ previous: (edited: Int64?, record: [UInt8]), _ stored: StoredMessage) -> MergedCopy.Outcome {
        MergedCopy.Outcome(first: previous.edited, later: stored.edited, identical: previous.record == stored.record)
    }

    private func stage(_ stored: StoredMessage) {
        pending.append(stored)
        if pending.count >= Self.batchSize { flush() }
    }
}
