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
    /// its content (to tell a conflict) and where the input holds it (inside a bundled input, the
    /// file within it).
    struct Entry: Sendable {
        var stored: StoredMessage
        var content: Content
        var channelName: String
        var location: RecordLocation
    }

    /// Staged messages are written to the store in batches of this many.
    static let batchSize = 4096

    let queue = DispatchQueue(label: "parley.archive-intake")
    let store: ArchiveStore
    /// Whether the store held no message when the update began: then a message met for the first
    /// time in the update is new without a lookup.
    private let startedEmpty: Bool
    /// What the update changed so far.
    private(set) var update = ArchiveHistory.Update()
    /// Duplicates and conflicts found in the current input, in order.
    private(set) var findings: [Diagnostic] = []
    /// Distinct messages of the current input taken (a duplicate id counts once).
    private(set) var taken = 0
    /// The first failure: later messages are ignored, and the caller rolls the update back.
    private(set) var failure: CommandFailure?
    /// The current input's number in the update.
    private var input = 0
    /// The files the current input's messages came from, by number (the store keeps a number for
    /// each message), and each file's number.
    private var files: [String] = []
    private var fileNumbers: [String: Int] = [:]
    private var pending: [StoredMessage] = []

    init(store: ArchiveStore, startedEmpty: Bool) {
        self.store = store
        self.startedEmpty = startedEmpty
    }

    /// Starts the update's next input.
    func startInput() {
        input += 1
        files = []
        fileNumbers = [:]
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
        let stored = entry.stored, location = entry.location
        let sighting = try store.mark(
            channel: stored.channel, id: stored.id, input: input, file: number(of: location.file), location: location.place)
        if case let .sameInput(firstFile, firstPlace) = sighting {
            findings.append(.duplicate(id: stored.id, at: location, firstSeenAt: RecordLocation(file: files[firstFile], place: firstPlace)))
            return stage(stored)
        }
        taken += 1
        let lookup = sighting == .first && startedEmpty ? nil : try store.message(channel: stored.channel, id: stored.id)
        guard let previous = lookup else {
            update.added += 1
            return stage(stored)
        }
        guard previous.record != stored.record else { return }
        let previousEdit = previous.edited ?? Int64.min, newEdit = stored.edited ?? Int64.min
        guard previousEdit <= newEdit else { return }
        if previousEdit == newEdit, try StoredArchive.message(previous.record, file: store.path).content != entry.content {
            findings.append(
                Diagnostic(
                    file: location.file, location: "channel \(entry.channelName), message \(stored.id)",
                    message: "differs from the archive's copy (same edit time, different content); this input's copy is kept"))
        }
        if sighting == .first { update.changed += 1 }
        stage(stored)
    }

    /// The number of the current input's file `file`, numbering it when it is new.
    private func number(of file: String) -> Int {
        if let number = fileNumbers[file] { return number }
        fileNumbers[file] = files.count
        files.append(file)
        return files.count - 1
    }

    private func stage(_ stored: StoredMessage) {
        pending.append(stored)
        if pending.count >= Self.batchSize { flush() }
    }
}
