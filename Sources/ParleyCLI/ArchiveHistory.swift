import Foundation
import ParleyImport
import ParleyModel
import ParleyRender
import ParleyStore

/// What an archive has seen: its store (`DIR/.parley/archive.sqlite`, an ``ArchiveStore``) read
/// back as one more input, merged under every render's new inputs, and updated with what they
/// brought — so a newer export adds and edits messages but never removes one the archive has
/// (a message the platform lost stays in the archive).
///
/// The store is updated before the pages are written, under the archive's lock: a render that
/// fails after the update leaves the store ahead of the pages, and the next render completes them.
struct ArchiveHistory {
    /// The store's file name inside ``ArchiveLock/storeFolderName``.
    static let fileName = "archive.sqlite"

    /// What an update changed.
    struct Update: Equatable {
        /// Messages the store did not have.
        var added = 0
        /// Messages whose stored copy was replaced (edited, reactions, a later export's copy).
        var changed = 0
        /// Messages the store had before this render.
        var kept = 0
    }

    let store: ArchiveStore
    private let writer = ParleyJSONLWriter()

    /// Opens the store of the archive whose lock `lock` is, creating its folder and the store.
    /// - Throws: ``CommandFailure`` with ``ExitCode/cannotCreate`` when the folder or the store
    ///   cannot be created or the store is not one this Parley reads (a newer schema version).
    init(holding lock: ArchiveLock) throws(CommandFailure) {
        let folder = lock.destination.appendingPathComponent(ArchiveLock.storeFolderName)
        var status = stat()
        if lstat(folder.path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR {
            throw CommandFailure(
                .cannotCreate, "\(folder.path): not a folder (a symbolic link or a file); Parley keeps its store in a folder of its own")
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            store = try ArchiveStore(path: folder.appendingPathComponent(Self.fileName).path)
        } catch let error as StoreError {
            throw CommandFailure(.cannotCreate, error.description)
        } catch {
            throw CommandFailure(.cannotCreate, "\(folder.path): cannot create the archive's store folder: \(error.localizedDescription)")
        }
    }

    /// Merges what the store holds with `merged` (the new inputs, merged and filtered): stored
    /// messages first, so a new input's copy wins when it was edited later or at the same time
    /// (``TranscriptMerger``), and conflicts are reported; then saves every message whose
    /// record changed, with the merged header.
    /// - Returns: the transcript to render, its diagnostics (merge conflicts with stored copies),
    ///   and what the update changed.
    /// - Throws: ``CommandFailure`` with ``ExitCode/dataError`` when the store cannot be read back
    ///   or a record cannot be written, ``ExitCode/ioError`` when the store cannot be written.
    mutating func update(with merged: InputSelection.Merged) throws(CommandFailure) -> (InputSelection.Merged, Update) {
        guard let stored = try read() else {
            try save(merged, stored: [:])
            return (merged, Update(added: merged.transcript.messageCount))
        }
        let incoming = ImportResult(
            transcript: merged.transcript, diagnostics: [], format: merged.formats.first ?? .parleyJSONL, groupingPolicy: merged.policy,
            channelPolicies: merged.channelPolicies)
        let (transcript, conflicts) = TranscriptMerger.merge([stored, incoming])
        var result = merged
        result.transcript = transcript
        result.diagnostics += conflicts
        result.channelPolicies = TranscriptMerger.groupingPolicies([incoming, stored])
        var storedMessages: [String: Message] = [:]
        storedMessages.reserveCapacity(stored.transcript.messageCount)
        for channel in stored.transcript.channels {
            for message in channel.messages { storedMessages[Self.key(channel.id.rawValue, message.id.rawValue)] = message }
        }
        var update = try save(result, stored: storedMessages)
        update.kept = storedMessages.count
        return (result, update)
    }

    /// The stored transcript (nil for an empty store) and each stored record by channel and id.
    private func read() throws(CommandFailure) -> ImportResult? {
        do {
            guard let header = try store.header() else { return nil }
            var lines = header + "\n"
            try store.forEachMessage { message in lines += message.record + "\n" }
            let result = try ParleyJSONLImporter().importTranscript(Data(lines.utf8), file: store.path)
            if let problem = result.diagnostics.first(where: \.skipsRecord) {
                throw CommandFailure(.dataError, "\(store.path): a stored record does not read back: \(problem)")
            }
            return result
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(.dataError, "\(store.path): cannot read the archive's store: \(error)")
        }
    }

    /// Saves the header of `merged` and each message that differs from its copy in `stored`
    /// (the store's messages read back, by channel and id) or is not there.
    @discardableResult
    private func save(_ merged: InputSelection.Merged, stored: [String: Message]) throws(CommandFailure) -> Update {
        var update = Update()
        var changed: [StoredMessage] = []
        let header: String
        do {
            header = try writer.headerLine(merged.transcript, policy: merged.policy, channelPolicies: merged.channelPolicies)
            for channel in merged.transcript.channels {
                for message in channel.messages {
                    let key = Self.key(channel.id.rawValue, message.id.rawValue)
                    let before = stored[key]
                    if before == message { continue }
                    let record = try writer.messageLine(message)
                    if before == nil { update.added += 1 } else { update.changed += 1 }
                    changed.append(
                        StoredMessage(
                            channel: channel.id.rawValue, id: message.id.rawValue, timestamp: message.timestamp.milliseconds, record: record
                        ))
                }
            }
        } catch {
            throw CommandFailure(.dataError, "\(store.path): cannot write a record: \(error)")
        }
        do {
            try store.save(header: header, messages: changed)
        } catch {
            throw CommandFailure(.ioError, error.description)
        }
        return update
    }

    private static func key(_ channel: String, _ id: String) -> String { channel + "\u{0}" + id }
}
