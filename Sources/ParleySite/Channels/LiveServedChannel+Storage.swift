import Foundation
import ParleyEventCodec
import ParleyLive
import ParleyModel
import ParleyStore

extension LiveServedChannel {
    /// The first of `events` that ``apply(_:version:)`` would reject, with its position and
    /// error, changing nothing (they are applied in place, then undone). O(events).
    /// - Returns: nil when all apply.
    func firstFailure(in events: [TranscriptEvent]) -> (index: Int, error: EventError)? {
        live.firstFailure(in: events).map { ($0.index, $0.error) }
    }

    /// The channel's header in the database: `{"id":…,"name":…}`.
    var storeHeader: String { #"{"id":\#(EventIngest.quoted(id.rawValue)),"name":\#(EventIngest.quoted(name))}"# }

    /// Whether a post may create a channel with this id: 1 to 100 bytes of RFC 3986 unreserved
    /// characters (`A-Z a-z 0-9 - . _ ~`), so its address needs no escaping, other than `.` and
    /// `..` (dot segments: RFC 3986 § 5.2.4 removes them from `/c/../events`, so no address
    /// could name the channel).
    static func isCreatable(_ id: ChannelID) -> Bool {
        let bytes = id.rawValue.utf8
        return (1...100).contains(bytes.count) && id.rawValue != "." && id.rawValue != ".."
            && bytes.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D
                    || byte == 0x2E || byte == 0x5F || byte == 0x7E
            }
    }

    /// The channels `store` holds that are not among `known`, each rebuilt from its events (named
    /// by its stored header, else by its id): channels created by earlier posts.
    /// Events that no longer read or apply are added to `skipped`.
    /// - Throws: as ``restore(from:)``.
    public static func storedChannels(
        in store: any EventLog, except known: Set<ChannelID>, options: LiveOptions, pages: LivePageRenderer,
        skipped: inout [SkippedEvent]
    ) throws(StoreError) -> [LiveServedChannel] {
        struct Header: Decodable { var name: String? }
        var channels: [LiveServedChannel] = []
        for stored in try store.channels() where !known.contains(ChannelID(stored.id)) {
            let name = (try? JSONDecoder().decode(Header.self, from: Data(stored.header.utf8)))?.name ?? stored.id
            let channel = LiveServedChannel(
                channel: Channel(id: ChannelID(stored.id), name: name), directory: Directory(), options: options, pages: pages)
            skipped += try channel.restore(from: store)
            channels.append(channel)
        }
        return channels
    }

    /// Registers this channel in `store` and takes the epoch the store gives it (SQLite: this
    /// channel's new epoch, so a client that saw another history — a restored or fresh database —
    /// is reset, never resumed; PostgreSQL: the channel's epoch there, shared by every server),
    /// then applies the events stored for it at the database's last version, so versions
    /// continue across restarts. Call before the server starts (nothing is published).
    ///
    /// A stored event that no longer reads (it fails today's checks, ``MessageValidator``) or
    /// applies (``EventError``) is left out and returned, never a reason not to start (see
    /// ``applyStored(_:from:byVersion:)``).
    /// - Returns: the events left out, in version order.
    /// - Throws: ``StoreError`` when the database cannot be read.
    /// - Complexity: O(events + skipped × events) in the worst case; O(events) when none is skipped.
    public func restore(from store: any EventLog) throws(StoreError) -> [SkippedEvent] {
        let epoch = try store.createChannel(id.rawValue, header: storeHeader, epoch: epoch.rawValue)
        currentEpoch.withLock { $0 = ChannelEpoch(rawValue: epoch) }
        return applyStored(try store.events(in: id.rawValue), from: store.path)
    }

    /// Applies `stored`, events of this channel read from the log named `source` in version order
    /// after this channel's version, and ends at the last one's version: as one change, or with
    /// `byVersion` as one change per version, so that events another server committed together
    /// (the records of one PostgreSQL commit share its version) make the batch they made there.
    /// An event that does not read or apply is left out and returned; the events around it are
    /// applied in runs, each run as one change.
    /// - Returns: the events left out, in version order.
    /// - Complexity: O(events + skipped × events) in the worst case; O(events) when none is skipped.
    func applyStored(_ stored: [StoredEvent], from source: String, byVersion: Bool = false) -> [SkippedEvent] {
        guard byVersion else { return applyChange(stored[...], from: source) }
        var skipped: [SkippedEvent] = []
        var start = stored.startIndex
        while start < stored.endIndex {
            let version = stored[start].version
            let end = stored[start...].firstIndex { $0.version != version } ?? stored.endIndex
            skipped += applyChange(stored[start..<end], from: source)
            start = end
        }
        return skipped
    }

    /// Applies `stored` as one change (or runs around the events that fail) at its last version.
    private func applyChange(_ stored: ArraySlice<StoredEvent>, from source: String) -> [SkippedEvent] {
        guard let last = stored.last else { return [] }
        var skipped: [SkippedEvent] = []
        var run: [(version: Int, event: TranscriptEvent)] = []
        for record in stored {
            do throws(EventRecordError) {
                let event = try EventRecordDecoder.event(line: Data(record.record.utf8), file: source, lineNumber: record.version)
                run.append((record.version, event))
            } catch {
                skipped.append(SkippedEvent(channel: id.rawValue, version: record.version, reason: error.description))
            }
        }
        while let failure = firstFailure(in: run.map(\.event)) {
            if failure.index > 0 { _ = try? apply(run[..<failure.index].map(\.event), version: run[failure.index - 1].version) }
            skipped.append(SkippedEvent(channel: id.rawValue, version: run[failure.index].version, reason: failure.error.description))
            run.removeFirst(failure.index + 1)
        }
        _ = try? apply(run.map(\.event), version: last.version)
        skipped.sort { $0.version < $1.version }
        return skipped
    }
}
