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
    /// decodes them on every core.
    func runs(_ requests: [MessageRun.Request]) throws(RenderError) -> [MessageRun] {
        var records: [(before: [UInt8]?, run: [[UInt8]], after: [UInt8]?, channel: String)] = []
        do {
            try store.reading { () throws(StoreError) in
                for request in requests {
                    let channel = request.channel.rawValue
                    var run = try store.records(
                        channel: channel, from: request.first.timestamp, request.first.tiebreak, limit: request.count + 1)
                    let after = run.count > request.count ? run.removeLast() : nil
                    let before = try store.record(channel: channel, before: request.first.timestamp, request.first.tiebreak)
                    records.append((before, run, after, channel))
                }
            }
        } catch {
            throw .cannotRead(path: store.path, reason: error.description)
        }
        let path = store.path, fetched = records
        var runs = try Self.decodeOnEveryCore(count: records.count) { (index) throws(RenderError) in
            let (before, run, after, _) = fetched[index]
            return MessageRun(
                before: try before.map { (record) throws(RenderError) in try Self.decode(record, file: path) },
                messages: try run.map { (record) throws(RenderError) in try Self.decode(record, file: path) },
                after: try after.map { (record) throws(RenderError) in try Self.decode(record, file: path) }, replyTargets: [])
        }
        // The reply targets' records, read in one transaction for the whole batch.
        var targets: [[[UInt8]]] = []
        do {
            try store.reading { () throws(StoreError) in
                for (run, fetched) in zip(runs, records) {
                    var found: [[UInt8]] = []
                    for id in Set(run.messages.compactMap { $0.reply?.messageID.rawValue }).sorted() {
                        if let record = try store.record(channel: fetched.channel, id: id) { found.append(record) }
                    }
                    targets.append(found)
                }
            }
        } catch {
            throw .cannotRead(path: path, reason: error.description)
        }
        let fetchedTargets = targets
        let decodedTargets = try Self.decodeOnEveryCore(count: targets.count) { (index) throws(RenderError) in
            try fetchedTargets[index].map { (record) throws(RenderError) in try Self.decode(record, file: path) }
        }
        for index in runs.indices { runs[index].replyTargets = decodedTargets[index] }
        return runs
    }

    /// `decode(i)` for every i below `count`, run on every core: exactly `count` values, in the
    /// order of i, so that each stays paired with what it was decoded for.
    /// - Throws: the error of the first i whose decoding throws.
    private static func decodeOnEveryCore<Value: Sendable>(
        count: Int, _ decode: @Sendable (Int) throws(RenderError) -> Value
    ) throws(RenderError) -> [Value] {
        let decoded = Mutex<[Result<Value, RenderError>?]>(Array(repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = Result { () throws(RenderError) in try decode(index) }
            decoded.withLock { $0[index] = result }
        }
        return try decoded.withLock { $0 }.map { (result) throws(RenderError) in
            guard let result else { preconditionFailure("concurrentPerform returned before running every iteration") }
            return try result.get()
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
    /// - Throws: ``RenderError/cannotRead(path:reason:)`` when the record does not read back as a message.
    static func decode(_ record: [UInt8], file: String) throws(RenderError) -> Message {
        do {
            return try message(Data(record), file: file)
        } catch {
            guard let repaired = String(validating: record, as: UTF8.self) == nil ? String(decoding: record, as: UTF8.self) : nil,
                let message = try? message(Data(repaired.utf8), file: file)
            else { throw .cannotRead(path: file, reason: "a stored record does not read back: \(error)") }
            return message
        }
    }
}
