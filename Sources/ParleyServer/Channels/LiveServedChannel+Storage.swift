import Foundation
import ParleyImport
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
    /// - Throws: as ``restore(from:)``.
    public static func storedChannels(
        in store: EventStore, except known: Set<ChannelID>, options: LiveOptions
    ) throws -> [LiveServedChannel] {
        struct Header: Decodable { var name: String? }
        return try store.channels().filter { !known.contains(ChannelID($0.id)) }.map { stored in
            let name = (try? JSONDecoder().decode(Header.self, from: Data(stored.header.utf8)))?.name ?? stored.id
            let channel = LiveServedChannel(
                channel: Channel(id: ChannelID(stored.id), name: name), directory: Directory(), options: options)
            try channel.restore(from: store)
            return channel
        }
    }

    /// Registers this channel in `store` (an existing one is kept) and applies the events stored
    /// for it as one batch at the database's last version, so versions continue across restarts.
    /// Call before the server starts (the batch is not published).
    /// - Throws: ``StoreError`` from the database, ``ImportError`` for a stored record that no
    ///   longer decodes (naming the database and the event's version as its line),
    ///   ``EventError`` for one that no longer applies.
    public func restore(from store: EventStore) throws {
        try store.createChannel(id.rawValue, header: storeHeader)
        let stored = try store.events(in: id.rawValue)
        guard let last = stored.last else { return }
        let events = try stored.map { event throws(ImportError) in
            try ParleyJSONLImporter.event(line: Data(event.record.utf8), file: store.path, lineNumber: event.version)
        }
        try apply(events, version: last.version)
    }
}
