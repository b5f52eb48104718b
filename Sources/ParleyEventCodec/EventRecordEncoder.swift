import Foundation
import ParleyModel

/// Writes events as Parley JSON Lines event records (`docs/FORMAT.md`): what
/// `POST /c/{channel}/events` accepts and the event store keeps.
public struct EventRecordEncoder: Sendable {
    /// Why a record could not be written: `JSONEncoder` refused a value (it does so only for a
    /// floating-point number that is not finite).
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The record: `header`, or `message ID in channel ID`.
        public var record: String
        /// `JSONEncoder`'s explanation.
        public var reason: String

        /// A failure to write `record`, for `reason`.
        public init(record: String, reason: String) {
            self.record = record
            self.reason = reason
        }

        /// The message `parley convert` prints.
        public var description: String { "cannot write the \(record) as JSON: \(reason)" }
    }

    /// An encoder of event records.
    public init() {}

    /// The event record of `event`: one line of UTF-8 JSON without its `\n`. A `message` record
    /// is written by ``MessageRecordWriter``, the other records by `JSONEncoder`.
    ///
    /// Object keys are sorted and nil, empty and default values left out (a reaction count of 1,
    /// an edit's empty spans), so the same event always gives the same bytes, and
    /// ``EventRecordDecoder/event(line:file:lineNumber:offset:)`` reads the record back as
    /// `event`. The format has no field for a message's ``Message/threadRoot`` or
    /// ``Message/threadReplies``: they are not written (read back as nil).
    /// - Throws: ``Failure`` naming the event when `JSONEncoder` refuses a value.
    /// - Complexity: O(n) in the size of the record.
    public func encode(_ event: TranscriptEvent) throws(Failure) -> Data {
        let record: EventRecords.ChangeRecord
        switch event {
        case let .message(message):
            return Data(MessageRecordWriter().bytes(of: message))
        case let .edit(channel, id, text, flavor, spans, edited):
            record = .edit(channel: channel, id: id, text: text, flavor: flavor, spans: spans, edited: edited)
        case let .append(channel, id, text):
            record = .append(channel: channel, id: id, text: text)
        case let .delete(channel, id):
            record = EventRecords.ChangeRecord(type: "delete", channel: channel, id: id)
        case let .reactionAdd(channel, id, reaction):
            record = EventRecords.ChangeRecord(type: "reaction_add", channel: channel, id: id, reaction: reaction)
        case let .reactionRemove(channel, id, reaction):
            record = EventRecords.ChangeRecord(type: "reaction_remove", channel: channel, id: id, reaction: reaction)
        }
        do {
            return try Self.recordEncoder().encode(record)
        } catch {
            throw Failure(record: "event for message \(event.messageID) in channel \(event.channel)", reason: "\(error)")
        }
    }

    /// The encoder of every record of the format: sorted keys, `/` unescaped.
    package static func recordEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
