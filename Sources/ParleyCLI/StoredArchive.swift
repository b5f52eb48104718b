import Dispatch
import Foundation
import ParleyEventCodec
import ParleyLayout
import ParleyModel
import ParleyRender
import ParleyStore
import Synchronization

/// The archive's store as the source its pages are rendered from: the header held in memory,
/// each page's messages read and decoded when the page is rendered (decoded on every core), so a
/// render holds one batch of pages, never the archive.
final class StoredArchive: ArchiveSource {
    let store: ArchiveStore
    let title: String
    let directory: Directory
    let channels: [Channel]
    let headerDigest: UInt64?

    /// The source over `store`, whose header is `header` (as ``ArchiveHistory/update(with:)``
    /// left it).
    /// - Throws: ``CommandFailure`` with ``ExitCode/ioError`` when the store cannot be read.
    init(_ store: ArchiveStore, header: Transcript) throws(CommandFailure) {
        self.store = store
        title = header.title
        directory = header.directory
        channels = header.channels
        do {
            headerDigest = try store.header().map { StableHasher.digest(of: $0) }
        } catch {
            throw CommandFailure(.ioError, error.description)
        }
    }

    func messageCount() throws(RenderError) -> Int {
        do {
            return try store.messageCount()
        } catch {
            throw .cannotRead(path: store.path, reason: error.description)
        }
    }

    var entries: any EntrySource { StoreEntries(store: store) }

    /// A reader of the store's own, opened by the thread that reads it.
    var entryReader: (@Sendable () throws(RenderError) -> any EntrySource)? {
        { [path = store.path] () throws(RenderError) in
            do throws(StoreError) {
                return StoreEntries(store: try ArchiveStore.reader(at: path))
            } catch {
                throw .cannotRead(path: path, reason: error.description)
            }
        }
    }

    /// Reads each run's records (and its neighbours' and reply targets') from the store, then
    /// decodes them on every core. A record that does not read back is shown by its notice, named
    /// in the run's ``MessageRun/unreadable`` (a neighbour's or a reply target's is not: its own
    /// page names it).
    func runs(_ requests: [MessageRun.Request]) throws(RenderError) -> [MessageRun] {
        var records: [(before: [UInt8]?, run: [[UInt8]], after: [UInt8]?)] = []
        do {
            try store.reading { () throws(StoreError) in
                for request in requests {
                    let channel = request.channel.rawValue
                    var run = try store.records(
                        channel: channel, from: request.first.timestamp, request.first.tiebreak, limit: request.count + 1)
                    let after = run.count > request.count ? run.removeLast() : nil
                    let before = try store.record(channel: channel, before: request.first.timestamp, request.first.tiebreak)
                    records.append((before, run, after))
                }
            }
        } catch {
            throw .cannotRead(path: store.path, reason: error.description)
        }
        let path = store.path, fetched = records
        // Each run decoded on some core, a record that does not read back held by a notice without
        // its id yet (the store is read on this thread only): its place (-1 before the run, the
        // run's count after it) and error are kept.
        let decoded = Self.decodeOnEveryCore(count: records.count) { index in
            let (before, run, after) = fetched[index]
            var failures: [(offset: Int, error: EventRecordError)] = []
            var authors = RecordAuthorMemo()
            func message(_ record: [UInt8], at offset: Int) -> Message {
                do throws(EventRecordError) {
                    return try Self.readBack(record, file: path, authors: &authors)
                } catch {
                    failures.append((offset, error))
                    return UnreadableRecord.notice(channel: ChannelID(""), id: MessageID(""), timestamp: Timestamp(milliseconds: 0))
                }
            }
            var messages: [Message] = []
            messages.reserveCapacity(run.count)
            for (offset, record) in run.enumerated() { messages.append(message(record, at: offset)) }
            let decoded = MessageRun(
                before: before.map { message($0, at: -1) }, messages: messages, after: after.map { message($0, at: run.count) },
                replyTargets: [])
            return (run: decoded, failures: failures)
        }
        var runs = decoded.map(\.run)
        do {
            try store.reading { () throws(StoreError) in
                for (index, (request, failures)) in zip(requests, decoded.map(\.failures)).enumerated() {
                    for (offset, error) in failures {
                        let channel = request.channel
                        guard
                            let (id, timestamp) = try store.identity(
                                channel: channel.rawValue, from: request.first.timestamp, request.first.tiebreak, offset: offset)
                        else {
                            throw .failed(path: store.path, reason: "a stored message of channel \(channel.rawValue) was not found again")
                        }
                        let notice = UnreadableRecord.notice(
                            channel: channel, id: MessageID(id), timestamp: Timestamp(milliseconds: timestamp))
                        switch offset {
                        case -1: runs[index].before = notice
                        case runs[index].messages.count: runs[index].after = notice
                        default:
                            runs[index].messages[offset] = notice
                            runs[index].unreadable.append(UnreadableRecord(channel: channel, id: MessageID(id), reason: Self.reason(error)))
                        }
                    }
                }
            }
        } catch {
            throw .cannotRead(path: path, reason: error.description)
        }
        // An input holding an unreadable message again replaces its record, even one whose bytes
        // the archive has seen (whose copy would otherwise be passed over as known, or taken as
        // identical by its record digest).
        for record in runs.flatMap(\.unreadable) {
            do {
                try store.forgetDigests(channel: record.channel.rawValue, id: record.id.rawValue)
            } catch {
                throw .cannotWrite(path: path, reason: error.description)
            }
        }
        // The reply targets' records, read in one transaction for the whole batch.
        var targets: [[[UInt8]]] = []
        do {
            try store.reading { () throws(StoreError) in
                for (run, request) in zip(runs, requests) {
                    var found: [[UInt8]] = []
                    for id in Set(run.messages.compactMap { $0.reply?.messageID.rawValue }).sorted() {
                        if let record = try store.message(channel: request.channel.rawValue, id: id)?.record { found.append(record) }
                    }
                    targets.append(found)
                }
            }
        } catch {
            throw .cannotRead(path: path, reason: error.description)
        }
        let fetchedTargets = targets
        let decodedTargets = Self.decodeOnEveryCore(count: targets.count) { index in
            var authors = RecordAuthorMemo()
            return fetchedTargets[index].compactMap { try? Self.readBack($0, file: path, authors: &authors) }
        }
        for index in runs.indices { runs[index].replyTargets = decodedTargets[index] }
        return runs
    }

    /// Why a stored record does not read back: the store's path, then what the decoder expected
    /// where (a record's bytes count from its first).
    static func reason(_ error: EventRecordError) -> String {
        "\(error.file), byte \(error.offset) of the record: expected \(error.expected)"
    }

    /// `decode(i)` for every i below `count`, run on every core: exactly `count` values, in the
    /// order of i, so that each stays paired with what it was decoded for.
    private static func decodeOnEveryCore<Value: Sendable>(count: Int, _ decode: @Sendable (Int) -> Value) -> [Value] {
        let decoded = Mutex<[Value?]>(Array(repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let value = decode(index)
            decoded.withLock { $0[index] = value }
        }
        return decoded.withLock { $0 }.map { value in
            guard let value else { preconditionFailure("concurrentPerform returned before running every iteration") }
            return value
        }
    }

    func colors() throws(RenderError) -> [String] {
        do {
            return try store.colors()
        } catch {
            throw .cannotRead(path: store.path, reason: error.description)
        }
    }

    /// The message a stored record holds.
    /// - Throws: ``EventRecordError`` when the record does not read back as a message.
    static func message(_ record: String, file: String) throws(EventRecordError) -> Message {
        try message(Data(record.utf8), file: file)
    }

    /// The message the bytes of a stored record hold.
    /// - Throws: ``EventRecordError`` when the record does not read back as a message.
    static func message(_ record: Data, file: String) throws(EventRecordError) -> Message {
        let event = try EventRecordDecoder.event(line: record, file: file, lineNumber: 0)
        guard case let .message(message) = event else {
            throw EventRecordError(file: file, line: 0, offset: 0, expected: "a message record, found another event")
        }
        return message
    }

    /// ``readBack(_:file:)``, the record's author known from `authors` when it holds the record's
    /// `author` object (``RecordAuthorMemo``): the records of a run repeat few authors.
    /// - Throws: as ``readBack(_:file:)``.
    static func readBack(_ record: [UInt8], file: String, authors: inout RecordAuthorMemo) throws(EventRecordError) -> Message {
        let reader = MessageRecordReader()
        if let message = record.withUnsafeBufferPointer({ reader.validatedMessage(in: $0, authors: &authors) }) { return message }
        return try readBack(record, file: file)
    }

    /// The message a stored record's bytes hold. Records are written as valid UTF-8; one that is
    /// not (a store damaged outside Parley) is read with its invalid bytes replaced by U+FFFD, as
    /// a `String` of it would be.
    /// - Throws: the decoder's ``EventRecordError`` when the record does not read back as a message.
    static func readBack(_ record: [UInt8], file: String) throws(EventRecordError) -> Message {
        do throws(EventRecordError) {
            return try message(Data(record), file: file)
        } catch {
            guard let repaired = String(validating: record, as: UTF8.self) == nil ? String(decoding: record, as: UTF8.self) : nil,
                let message = try? message(Data(repaired.utf8), file: file)
            else { throw error }
            return message
        }
    }
}
