import Foundation
import ParleyEventCodec
import ParleyImport
import ParleyLayout
import ParleyModel
import ParleyRender
import ParleyStore

/// What an archive has seen: its store (`DIR/.parley/archive.sqlite`, an ``ArchiveStore``),
/// updated with what each render's inputs bring — so a newer export adds and edits messages but
/// never removes one the archive has (a message the platform lost stays in the archive). The pages
/// are then rendered from the store (``StoredArchive``).
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

    /// What the store holds after an update, besides its messages.
    struct Merged {
        /// The archive's header: title, channels (without messages), directory.
        var header: Transcript
        /// The archive's first grouping rule and each channel's.
        var policy: GroupingPolicy
        var channelPolicies: [ChannelID: GroupingPolicy]
        /// Stored copies an input replaced with the same edit time and other content.
        var conflicts: [Diagnostic]
    }

    let store: ArchiveStore
    private let writer = ParleyJSONLWriter()

    /// Opens the store of the archive whose lock `lock` is, creating its folder and the store (a
    /// store of schema version 1 is migrated).
    /// - Throws: ``CommandFailure`` with ``ExitCode/cannotCreate`` when the folder or the store
    ///   cannot be created or the store is not one this Parley reads (a newer schema version).
    init(holding lock: ArchiveLock) throws(CommandFailure) {
        let folder = lock.destination.appendingPathComponent(ArchiveLock.storeFolderName)
        var status = stat()
        if lstat(folder.path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR {
            throw CommandFailure(
                .cannotCreate, "\(folder.path): not a folder (a symbolic link or a file); Parley keeps its store in a folder of its own")
        }
        let path = folder.appendingPathComponent(Self.fileName).path
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            store = try ArchiveStore(path: path) { (channel, record) throws(StoreError) in
                do {
                    return Self.stored(try StoredArchive.message(record, file: path), in: channel, record: record)
                } catch {
                    throw .failed(path: path, reason: "a stored record does not read back: \(error)")
                }
            }
        } catch let error as StoreError {
            throw CommandFailure(.cannotCreate, error.description)
        } catch {
            throw CommandFailure(.cannotCreate, "\(folder.path): cannot create the archive's store folder: \(error.localizedDescription)")
        }
    }

    /// Adds `merged` (the new inputs, merged and filtered) to the store: each message the store
    /// lacks is added; a message it has is replaced when the new copy was edited later, or at the
    /// same time with a different record (``TranscriptMerger/resolve(_:_:)``: the later input wins,
    /// and different content at the same edit time is reported); the headers are merged, the
    /// stored one first. Everything is saved in one transaction.
    /// - Returns: the archive's header and grouping rules, the conflicts, and what changed.
    /// - Throws: ``CommandFailure`` with ``ExitCode/dataError`` when the stored header or a stored
    ///   record cannot be read back or a record cannot be written, ``ExitCode/ioError`` when the
    ///   store cannot be read or written.
    /// - Complexity: O(m log n) for m new messages and a store of n; memory O(changed records).
    mutating func update(with merged: InputSelection.Merged) throws(CommandFailure) -> (Merged, Update) {
        var incomingHeader = merged.transcript
        for index in incomingHeader.channels.indices { incomingHeader.channels[index].messages = [] }
        let incoming = ImportResult(
            transcript: incomingHeader, diagnostics: [], format: merged.formats.first ?? .parleyJSONL, groupingPolicy: merged.policy,
            channelPolicies: merged.channelPolicies)
        var result = Merged(header: incomingHeader, policy: merged.policy, channelPolicies: merged.channelPolicies, conflicts: [])
        var update = Update()
        do {
            if let stored = try storedHeader() {
                result.header = TranscriptMerger.merge([stored, incoming]).0
                result.policy = stored.groupingPolicy
                result.channelPolicies = TranscriptMerger.groupingPolicies([incoming, stored])
                update.kept = try store.messageCount()
            }
            var changed: [StoredMessage] = []
            for channel in merged.transcript.channels {
                for message in channel.messages {
                    let record = try writer.messageLine(message)
                    if let stored = try store.message(channel: channel.id.rawValue, id: message.id.rawValue) {
                        if stored.record == record { continue }
                        let storedEdit = stored.edited ?? Int64.min, newEdit = message.editedTimestamp?.milliseconds ?? Int64.min
                        if storedEdit > newEdit { continue }
                        if storedEdit == newEdit, try StoredArchive.message(stored.record, file: store.path).content != message.content {
                            result.conflicts.append(
                                Diagnostic(
                                    file: store.path, location: "channel \(channel.name), message \(message.id)",
                                    message: "the archive's copy differs from the input's (same edit time, different content); "
                                        + "the input's copy is kept"))
                        }
                        update.changed += 1
                    } else {
                        update.added += 1
                    }
                    changed.append(Self.stored(message, in: channel.id.rawValue, record: record))
                }
            }
            let header = try writer.headerLine(result.header, policy: result.policy, channelPolicies: result.channelPolicies)
            try store.save(header: header, messages: changed)
        } catch let failure as CommandFailure {
            throw failure
        } catch let error as StoreError {
            throw CommandFailure(.ioError, error.description)
        } catch {
            throw CommandFailure(.dataError, "\(store.path): \(error)")
        }
        return (result, update)
    }

    /// The stored header as a transcript without messages, with its grouping rules; nil for an
    /// empty store.
    private func storedHeader() throws -> ImportResult? {
        guard let header = try store.header() else { return nil }
        return try ParleyJSONLImporter().importTranscript(Data((header + "\n").utf8), file: store.path)
    }

    /// The row of `message` of `channel`, whose record is `record`.
    static func stored(_ message: Message, in channel: String, record: String) -> StoredMessage {
        StoredMessage(
            channel: channel, id: message.id.rawValue, timestamp: message.timestamp.milliseconds,
            tiebreak: MessageOrderKey.tiebreak(message.id), edited: message.editedTimestamp?.milliseconds,
            replyTo: message.reply?.messageID.rawValue, digest: StableHasher.digest(of: record),
            hasLocalMedia: ArchiveEntry.referencesLocalMedia(message),
            colors: ([message.author.color] + message.embeds.map(\.color)).compactMap { $0 }, record: record)
    }
}
