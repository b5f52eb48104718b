import ParleyImport
import ParleyModel
import ParleyStore

/// The sink `parley render` reads its inputs into: each message, as the importer reads it, is
/// filtered (`--after`, `--before`, `--channel`), compared with the archive's stored copy (one
/// point lookup) and staged in the store's open update when it is new or wins, a few thousand at a
/// time — so an input's messages are never held together.
///
/// Which copy wins follows ``TranscriptMerger``: a later edit time wins; at the same edit time the
/// later input's copy wins, reported when its content differs; within one input a later copy of
/// an id replaces the earlier (reported as a duplicate).
final class ArchiveIntake: MessageSink {
    /// Staged messages are written to the store in batches of this many.
    static let batchSize = 4096

    let store: ArchiveStore
    let filter: TranscriptFilter
    /// What the update changed so far.
    private(set) var update = ArchiveHistory.Update()
    /// Duplicates and conflicts found in the current input, in order.
    private(set) var findings: [Diagnostic] = []
    /// The first failure: later messages are ignored, and the caller rolls the update back.
    private(set) var failure: CommandFailure?
    /// Per channel of the current input: messages seen and messages the time filter let through.
    private(set) var counts: [ChannelID: (seen: Int, admitted: Int)] = [:]
    /// Distinct messages of the current input taken (a duplicate id counts once).
    private(set) var taken = 0
    /// Time spent in the sink (encoding, lookups, writes).
    private(set) var time: Duration = .zero
    private var file = ""
    /// The current input's number in the update.
    private var input = 0
    private var pending: [StoredMessage] = []
    private let writer = ParleyJSONLWriter()
    private let clock = ContinuousClock()
    /// Whether the store held no message when the update began: then a message met for the first
    /// time in the update is new without a lookup.
    private let startedEmpty: Bool

    init(store: ArchiveStore, filter: TranscriptFilter, startedEmpty: Bool) {
        self.store = store
        self.filter = filter
        self.startedEmpty = startedEmpty
    }

    /// Starts reading the input `file`.
    func startInput(_ file: String) {
        self.file = file
        input += 1
        findings = []
        counts = [:]
        taken = 0
    }

    func accept(_ message: Message, in channel: Channel, at location: String) {
        guard failure == nil, filter.selects(channel) else { return }
        let start = clock.now
        defer { time += clock.now - start }
        counts[channel.id, default: (0, 0)].seen += 1
        guard filter.admits(message) else { return }
        counts[channel.id, default: (0, 0)].admitted += 1
        do {
            try take(message, in: channel, at: location)
        } catch let error as CommandFailure {
            failure = error
        } catch let error as StoreError {
            failure = CommandFailure(.ioError, error.description)
        } catch {
            failure = CommandFailure(.dataError, "\(store.path): \(error)")
        }
    }

    /// Writes what is staged to the store (the end of an input, or a full batch).
    func flush() throws(CommandFailure) {
        if let failure { throw failure }
        guard !pending.isEmpty else { return }
        let start = clock.now
        defer { time += clock.now - start }
        do {
            try store.stage(pending)
        } catch {
            throw CommandFailure(.ioError, error.description)
        }
        pending.removeAll(keepingCapacity: true)
    }

    private func take(_ message: Message, in channel: Channel, at location: String) throws {
        let record = try writer.messageLine(message)
        let key = (channel: channel.id.rawValue, id: message.id.rawValue)
        let sighting = try store.mark(channel: key.channel, id: key.id, input: input, location: location)
        if case let .sameInput(first) = sighting {
            findings.append(
                Diagnostic(
                    file: file, location: location,
                    message: "duplicate message id \(message.id) (first seen at \(first)); merged, later copy kept"))
            try stage(message, in: key.channel, record: record)
            return
        }
        taken += 1
        let lookup = sighting == .first && startedEmpty ? nil : try store.message(channel: key.channel, id: key.id)
        guard let stored = lookup else {
            update.added += 1
            return try stage(message, in: key.channel, record: record)
        }
        guard stored.record != record else { return }
        let storedEdit = stored.edited ?? Int64.min, newEdit = message.editedTimestamp?.milliseconds ?? Int64.min
        guard storedEdit <= newEdit else { return }
        if storedEdit == newEdit, try StoredArchive.message(stored.record, file: store.path).content != message.content {
            findings.append(
                Diagnostic(
                    file: file, location: "channel \(channel.name), message \(message.id)",
                    message: "differs from the archive's copy (same edit time, different content); this input's copy is kept"))
        }
        if sighting == .first { update.changed += 1 }
        try stage(message, in: key.channel, record: record)
    }

    private func stage(_ message: Message, in channel: String, record: String) throws {
        pending.append(ArchiveHistory.stored(message, in: channel, record: record))
        if pending.count >= Self.batchSize { try flush() }
    }
}
