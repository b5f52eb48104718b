import Foundation
import ParleyDigest
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
    /// The folder inside ``ArchiveLock/storeFolderName`` that keeps media found only inside
    /// inputs (MMS parts), each file named by its SHA-256 (``ImportOptions/mediaFolder``).
    static let mediaFolderName = "media"

    /// What an update changed.
    struct Update: Equatable {
        /// Messages the store did not have.
        var added = 0
        /// Messages whose stored copy was replaced (edited, reactions, a later export's copy).
        var changed = 0
        /// Messages the store had before this render.
        var kept = 0
        /// Copies an input brought whose records the store holds byte for byte: passed over
        /// unread (``ArchiveIntake``), only their sighting noted.
        var known = 0
        /// Copies read whose records the store holds byte for byte, found so by their record
        /// digests without reading the stored copies (``IntakeStaging``).
        var identicalByDigest = 0
        /// Per channel, the messages an input brought again (a copy the archive or an earlier
        /// input holds) and which copy was kept.
        var merges = MergeSummary()
        /// Messages moved from a channel id an earlier Parley gave them to their channel now, per
        /// pair of channels; and the messages a former channel keeps because no input holds them
        /// in its successor (``settleFormerChannels(_:listed:moves:)``).
        var moved: [ChannelMove] = []
        var keptInFormerChannels: [ChannelMove] = []
    }

    /// What an update tells its caller as it reads the inputs.
    enum Report {
        /// Something to warn about: a record skipped, a duplicate id, a conflict.
        case warning(Diagnostic)
        /// An input was read; `messages` of its messages were taken.
        case inputRead(messages: Int)
    }

    /// What the store holds after an update, besides its messages.
    struct Merged {
        /// The archive's header: title, channels (without messages), directory.
        var header: Transcript
        /// The archive's first grouping rule and each channel's.
        var policy: GroupingPolicy
        var channelPolicies: [ChannelID: GroupingPolicy]
    }

    let store: ArchiveStore
    /// Where media found only inside inputs is kept (``mediaFolderName``).
    let mediaFolder: URL
    private let writer = ParleyJSONLWriter()

    /// Opens the store of the archive whose lock `lock` is, creating its folder and the store (a
    /// store of an earlier schema version is migrated).
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
        mediaFolder = folder.appendingPathComponent(Self.mediaFolderName)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            store = try ArchiveStore(path: path) { (channel, record) throws(StoreError) in
                do {
                    return Self.stored(try StoredArchive.message(record, file: path), in: channel, record: Array(record.utf8))
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

    /// Reads `inputs` into the store, in one transaction: each message streams through an
    /// ``ArchiveIntake`` (filtered by `selection`'s flags, compared with the stored copy, staged
    /// when new or newer), so no input's messages are held together; a message the archive holds
    /// in one of its channel's former ids (``Channel/formerIDs``) moves to its channel, and a
    /// former channel left empty is retired (``settleFormerChannels(_:listed:moves:)``); the
    /// inputs' headers are merged after the stored one (``TranscriptMerger``) and saved with them.
    /// `report` hears how many messages of each input were taken as it is read, then, once every
    /// input is read, each diagnostic, duplicate and conflict in order; `log`, if given, gets the
    /// `--verbose` line of each message an input brought again (``MergeSummary/line(_:)``).
    /// `zone` is `--timezone`'s: the zone WhatsApp's wall-clock times are taken in, which the store
    /// records when it holds a WhatsApp chat.
    /// - Returns: the archive's header, grouping rules and what changed, the skipped-records line
    ///   of the summary, and the time the reading waited for the store (the store is written on a
    ///   thread of its own while the inputs are read: what is left when reading ends, and the commit).
    /// - Throws: ``CommandFailure`` — ``ExitCode/noInput`` or ``ExitCode/dataError`` for an input
    ///   that cannot be read or imported (with `--strict`, also for a record an importer skipped),
    ///   ``ExitCode/usage`` for a `--channel` that names no channel, ``ExitCode/dataError`` for a
    ///   record that cannot be written or read back, ``ExitCode/ioError`` when the store cannot be
    ///   read or written, ``ExitCode/usage`` when `zone` is not the one the archive's WhatsApp
    ///   chats were read in (``checkWallClockZone(_:stored:)``). Nothing is stored then: the
    ///   transaction is rolled back.
    /// - Complexity: O(m log n) for m messages read into a store of n; memory O(one input's
    ///   directory + a batch of staged records) for a streamed input.
    mutating func update(
        _ inputs: [String], selection: InputSelection, zone: ZoneClock, log: MergeLog? = nil, report: (Report) -> Void
    ) throws(CommandFailure) -> (merged: Merged, update: Update, skippedSummary: String?, storeTime: Duration) {
        let stored: ImportResult?
        var kept = 0
        do {
            stored = try storedHeader()
            if stored != nil { kept = try store.messageCount() }
        } catch let error as StoreError {
            throw CommandFailure(.ioError, error.description)
        } catch {
            throw CommandFailure(.dataError, "\(store.path): the archive's header does not read back: \(error)")
        }
        let recordedZone = try checkWallClockZone(zone, stored: stored)
        do {
            try store.beginUpdate()
        } catch {
            throw CommandFailure(.ioError, error.description)
        }
        let intake = ArchiveIntake(store: store, filter: selection.filter, startedEmpty: kept == 0, log: log)
        var options = selection.options
        options.mediaFolder = mediaFolder
        do throws(CommandFailure) {
            var headers: [ImportResult] = [], available: [Channel] = []
            var skipped = 0
            var warnings: [Diagnostic] = []
            for input in inputs {
                intake.startInput()
                var result: ImportResult
                do {
                    result = try TranscriptReader().read(
                        contentsOf: input, format: selection.format, options: options, into: intake)
                } catch {
                    throw CommandFailure(InputSelection.exitCode(for: error), error.description)
                }
                try intake.flush()
                if selection.strict, let first = result.diagnostics.first(where: \.skipsRecord) {
                    throw CommandFailure(.dataError, "\(first) (--strict: a record that cannot be read is an error)")
                }
                warnings += result.diagnostics + intake.findings
                skipped += result.diagnostics.count(where: \.skipsRecord)
                available += result.transcript.channels
                result.transcript.channels.removeAll { channel in
                    let count = intake.counts[channel.id]
                    return !selection.filter.selects(channel) || (count.map { $0.seen > 0 && $0.admitted == 0 } ?? false)
                }
                result.diagnostics = []
                headers.append(result)
                report(.inputRead(messages: intake.taken))
            }
            do {
                try selection.filter.check(channels: available)
            } catch {
                throw CommandFailure(.usage, error.description)
            }
            for warning in warnings { report(.warning(warning)) }
            let all = (stored.map { [$0] } ?? []) + headers
            var merged = Merged(
                header: TranscriptMerger.merge(all).0, policy: all.first?.groupingPolicy ?? .discord,
                channelPolicies: TranscriptMerger.groupingPolicies(headers + (stored.map { [$0] } ?? [])))
            let former: (moved: [ChannelMove], kept: [ChannelMove])
            do {
                former = try settleFormerChannels(&merged.header, listed: Set(available.map(\.id)), moves: intake.moves)
            } catch {
                throw CommandFailure(.ioError, error.description)
            }
            let header: String
            do {
                header = try writer.headerLine(merged.header, policy: merged.policy, channelPolicies: merged.channelPolicies)
            } catch {
                throw CommandFailure(.dataError, "\(store.path): cannot write a record: \(error)")
            }
            let commitStart = ContinuousClock.now
            do {
                if recordedZone == nil, merged.header.channels.contains(where: { $0.platform == .whatsApp }) {
                    try store.setWallClockZone(zone.name)
                }
                try store.commitUpdate(header: header)
            } catch {
                throw CommandFailure(.ioError, error.description)
            }
            let commitTime = ContinuousClock.now - commitStart
            var update = intake.update
            update.kept = kept
            (update.moved, update.keptInFormerChannels) = former
            let summary =
                skipped == 0
                ? nil
                : "Skipped \(Wording.count(skipped, "record")) that could not be read (see the warnings; --strict makes this an error)."
            return (merged, update, summary, intake.waited + commitTime)
        } catch {
            intake.drain()
            store.rollbackUpdate()
            throw error
        }
    }

    /// The stored header as a transcript without messages, with its grouping rules; nil for an
    /// empty store.
    private func storedHeader() throws -> ImportResult? {
        guard let header = try store.header() else { return nil }
        return try ParleyJSONLImporter().importTranscript(Data((header + "\n").utf8), file: store.path)
    }

    /// The row of `message` of `channel`, whose record is `record`.
    static func stored(_ message: Message, in channel: String, record: [UInt8]) -> StoredMessage {
        StoredMessage(
            channel: channel, id: message.id.rawValue, timestamp: message.timestamp.milliseconds,
            tiebreak: MessageOrderKey.tiebreak(message.id), edited: message.editedTimestamp?.milliseconds,
            replyTo: message.reply?.messageID.rawValue, digest: record.withUnsafeBytes { RecordDigest.digest($0, seed: 0) },
            hasLocalMedia: ArchiveEntry.referencesLocalMedia(message),
            colors: colors(of: message), record: record)
    }

    /// The colours `message` uses: its author's, then its embeds'.
    private static func colors(of message: Message) -> [String] {
        var colors: [String] = []
        if let color = message.author.color { colors.append(color) }
        for embed in message.embeds { if let color = embed.color { colors.append(color) } }
        return colors
    }
}
