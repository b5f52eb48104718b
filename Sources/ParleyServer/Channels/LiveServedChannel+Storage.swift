import Foundation
import ParleyImport
import ParleyModel
import ParleyStore

extension LiveServedChannel {
    /// The first of `events` that ``apply(_:version:)`` would reject, with its position and
    /// error, changing nothing: they are applied to a copy of the messages. O(messages + events).
    /// - Returns: nil when all apply.
    func firstFailure(in events: [TranscriptEvent]) -> (index: Int, error: EventError)? {
        var channel = Channel(id: id, name: name, messages: live.messages)
        for (index, event) in events.enumerated() {
            do throws(EventError) {
                try channel.apply(event)
            } catch {
                return (index, error)
            }
        }
        return nil
    }

    /// Registers this channel in `store` (an existing one is kept) and applies the events stored
    /// for it as one batch at the database's last version, so versions continue across restarts.
    /// Call before the server starts (the batch is not published).
    /// - Throws: ``StoreError`` from the database, ``ImportError`` for a stored record that no
    ///   longer decodes (naming the database and the event's version as its line),
    ///   ``EventError`` for one that no longer applies.
    public func restore(from store: EventStore) throws {
        let header = #"{"id":\#(EventIngest.quoted(id.rawValue)),"name":\#(EventIngest.quoted(name))}"#
        try store.createChannel(id.rawValue, header: header)
        let stored = try store.events(in: id.rawValue)
        guard let last = stored.last else { return }
        let events = try stored.map { event throws(ImportError) in
            try ParleyJSONLImporter.event(line: Data(event.record.utf8), file: store.path, lineNumber: event.version)
        }
        try apply(events, version: last.version)
    }
}
