import Foundation
import ParleyModel

extension ParleyJSONLWriter {
    /// The Parley JSON Lines event record of `event` (`docs/FORMAT.md`): one line of UTF-8 JSON
    /// without its `\n`, what `POST /c/{channel}/events` accepts and the event store keeps.
    ///
    /// Object keys are sorted and nil, empty and default values left out (a reaction count of 1,
    /// an edit's empty spans), so the same event always gives the same bytes, and
    /// ``ParleyJSONLImporter/event(line:file:lineNumber:offset:)`` reads the record back as
    /// `event`. The format has no field for a message's ``Message/isOutgoing``,
    /// ``Message/threadRoot`` or ``Message/threadReplies``: they are not written (read back as nil).
    /// - Throws: ``Failure`` naming the event when `JSONEncoder` refuses a value.
    /// - Complexity: O(n) in the size of the record.
    public func encode(_ event: TranscriptEvent) throws(Failure) -> Data {
        do {
            return try Self.recordEncoder().encode(ParleyRecords.record(of: event))
        } catch {
            throw Failure(record: "event for message \(event.messageID) in channel \(event.channel)", reason: "\(error)")
        }
    }

    /// The encoder of every record: sorted keys, `/` unescaped.
    static func recordEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
