import Dispatch
import ParleyImport
import ParleyModel
import ParleyStore

/// The store side of an ``ArchiveIntake``: on a serial queue of its own, each message the reader
/// handed over is compared with the archive's stored copy and staged in the store's open update
/// when it is new or wins, a few thousand rows per write — so reading the next messages (on the
/// reader's thread) and storing the last ones (here) use both cores.
///
/// Every property is touched only on ``queue``: the intake hands work over with `queue.async`
/// and reads the results after a `queue.sync`, which orders every access (hence
/// `@unchecked Sendable`). The store is not used by anyone else while an input is being read.
final class IntakeStaging: @unchecked Sendable {
    /// One message as the reader prepared it: its store row (record encoded, columns derived),
    /// its content (to tell a conflict) and where the input holds it.
    struct Entry: Sendable {
        var stored: StoredMessage
        var content: Content
        var channelName: String
        var location: String
        /// The channel's ``Channel/formerIDs``: where an earlier Parley's archive may hold the message.
        var formerIDs: [ChannelID] = []
    }

    /// Staged messages are written to the store in batches of this many.
    static let batchSize = 4096

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
    private var file = ""
    /// The current input's number in the update.
    private(set) var input = 0
    /// Messages moved from former channels so far, a pair of channels each, in the order first met,
    /// and each pair's place in it (``storedCopy(of:sighting:)``).
    var moves: [ChannelMove] = []
    var moveIndex: [ChannelID: [ChannelID: Int]] = [:]
    private var pending: [StoredMessage] = []

    init(store: ArchiveStore, startedEmpty: Bool) {
        self.store = store
        self.startedEmpty = startedEmpty
    }

    /// Starts input `file`, the update's next one.
    func startInput(_ file: String) {
        self.file = file
        input += 1
        findings = []
        taken = 0
    }

    /// Takes `entries`, in order; after a failure, nothing more.
    func take(_ entries: [Entry]) {
        for entry in entries where failure == nil {
            do {
                try take(entry)
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
        let stored = entry.stored
        let sighting = try store.mark(channel: stored.channel, id: stored.id, input: input, location: entry.location)
        if case let .sameInput(first) = sighting {
            findings.append(
                Diagnostic(
                    file: file, location: entry.location,
                    message: "duplicate message id \(stored.id) (first seen at \(first)); merged, later copy kept"))
            return stage(stored)
        }
        taken += 1
        guard let previous = try storedCopy(of: entry, sighting: sighting) else {
            update.added += 1
            return stage(stored)
        }
        let previousEdit = previous.edited ?? Int64.min, newEdit = stored.edited ?? Int64.min
        guard previous.record != stored.record, previousEdit <= newEdit else {
            if let moved = previous.moved { stage(moved) }
            return
        }
        if previousEdit == newEdit, try StoredArchive.message(previous.record, file: store.path).content != entry.content {
            findings.append(
                Diagnostic(
                    file: file, location: "channel \(entry.channelName), message \(stored.id)",
                    message: "differs from the archive's copy (same edit time, different content); this input's copy is kept"))
        }
        if sighting == .first { update.changed += 1 }
        stage(stored)
    }

    private func stage(_ stored: StoredMessage) {
        pending.append(stored)
        if pending.count >= Self.batchSize { flush() }
    }
}
