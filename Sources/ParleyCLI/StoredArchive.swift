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

    func forEachEntry(in channel: ChannelID, _ body: (ArchiveEntry) -> Void) throws(RenderError) {
        do {
            try store.forEachEntry(channel: channel.rawValue) { timestamp, tiebreak, digest, localMedia in
                body(
                    ArchiveEntry(key: MessageOrderKey(timestamp: timestamp, tiebreak: tiebreak), digest: digest, hasLocalMedia: localMedia))
            }
        } catch {
            throw .cannotRead(path: store.path, reason: error.description)
        }
    }

    func forEachReply(in channel: ChannelID, _ body: (MessageOrderKey, ArchiveEntry) -> Void) throws(RenderError) {
        do {
            try store.forEachReply(channel: channel.rawValue) { timestamp, tiebreak, target in
                body(
                    MessageOrderKey(timestamp: timestamp, tiebreak: tiebreak),
                    ArchiveEntry(
                        key: MessageOrderKey(timestamp: target.timestamp, tiebreak: target.tiebreak), digest: target.digest,
                        hasLocalMedia: target.localMedia))
            }
        } catch {
            throw .cannotRead(path: store.path, reason: error.description)
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
        let decoded = Self.decodeOnEveryCore(count: records.count) { index in
            let (before, run, after) = fetched[index]
            return (
                before: before.map { Self.readBack($0, file: path) }, messages: run.map { Self.readBack($0, file: path) },
                after: after.map { Self.readBack($0, file: path) }
            )
        }
        var runs: [MessageRun] = []
        do {
            try store.reading { () throws(StoreError) in
                for (request, run) in zip(requests, decoded) {
                    var unreadable: [UnreadableRecord] = []
                    let messages = try run.messages.enumerated().map { (offset, result) throws(StoreError) in
                        try message(result, of: request, offset: offset) { unreadable.append($0) }
                    }
                    runs.append(
                        MessageRun(
                            before: try run.before.map { (result) throws(StoreError) in
                                try message(result, of: request, offset: -1) { _ in }
                            },
                            messages: messages,
                            after: try run.after.map { (result) throws(StoreError) in
                                try message(result, of: request, offset: request.count) { _ in }
                            }, replyTargets: [], unreadable: unreadable))
                }
            }
        } catch {
            throw .cannotRead(path: path, reason: error.description)
        }
        // An input holding an unreadable message again replaces its record, even one whose bytes
        // the archive has seen (whose copy would otherwise be passed over as known).
        for record in runs.flatMap(\.unreadable) {
            do {
                try store.forgetSourceDigest(channel: record.channel.rawValue, id: record.id.rawValue)
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
                        if let record = try store.record(channel: request.channel.rawValue, id: id) { found.append(record) }
                    }
                    targets.append(found)
                }
            }
        } catch {
            throw .cannotRead(path: path, reason: error.description)
        }
        let fetchedTargets = targets
        let decodedTargets = Self.decodeOnEveryCore(count: targets.count) { index in
            fetchedTargets[index].compactMap { try? Self.readBack($0, file: path).get() }
        }
        for index in runs.indices { runs[index].replyTargets = decodedTargets[index] }
        return runs
    }

    /// The message `result` read back, or, when it did not, the notice of the message `offset`
    /// places into the run of `request` (-1: the one before it), passed to `unreadable` first.
    private func message(
        _ result: Result<Message, EventRecordError>, of request: MessageRun.Request, offset: Int, unreadable: (UnreadableRecord) -> Void
    ) throws(StoreError) -> Message {
        switch result {
        case let .success(message): return message
        case let .failure(error):
            let channel = request.channel
            guard
                let (id, timestamp) = try store.identity(
                    channel: channel.rawValue, from: request.first.timestamp, request.first.tiebreak, offset: offset)
            else { throw .failed(path: store.path, reason: "a stored message of channel \(channel.rawValue) was not found again") }
            unreadable(UnreadableRecord(channel: channel, id: MessageID(id), reason: Self.reason(error)))
            return UnreadableRecord.notice(channel: channel, id: MessageID(id), timestamp: Timestamp(milliseconds: timestamp))
        }
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

    /// The message a stored record's bytes hold. Records are written as valid UTF-8; one that is
    /// not (a store damaged outside Parley) is read with its invalid bytes replaced by U+FFFD, as
    /// a `String` of it would be.
    /// - Returns: the message, or the decoder's error when the record does not read back as one.
    static func readBack(_ record: [UInt8], file: String) -> Result<Message, EventRecordError> {
        do throws(EventRecordError) {
            return .success(try message(Data(record), file: file))
        } catch {
            guard let repaired = String(validating: record, as: UTF8.self) == nil ? String(decoding: record, as: UTF8.self) : nil,
                let message = try? message(Data(repaired.utf8), file: file)
            else { return .failure(error) }
            return .success(message)
        }
    }
}
