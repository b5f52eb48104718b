import Foundation
import ParleyModel

/// Turns one event record of Parley JSON Lines (`docs/FORMAT.md`) into a ``TranscriptEvent``: a
/// line of a file, of a request body (`POST /c/{channel}/events`) or a record kept by the event
/// store.
public struct EventRecordDecoder: Sendable {
    let place: RecordPlace

    /// A decoder of the record at `place`.
    package init(place: RecordPlace) { self.place = place }

    /// Decodes one event line.
    /// - Parameters:
    ///   - line: The line's bytes, without its line break.
    ///   - file: The file (or request, or database) named in errors.
    ///   - lineNumber: The 1-based line number named in errors (a stored record's version).
    ///   - offset: The line's byte offset in the file, for errors.
    /// - Throws: ``EventRecordError`` naming the line and the problem, as ``event(from:)``.
    /// - Complexity: O(n) in the line's length.
    public static func event(line: Data, file: String, lineNumber: Int, offset: Int = 0) throws(EventRecordError) -> TranscriptEvent {
        try EventRecordDecoder(place: RecordPlace(file: file, line: lineNumber, offset: offset)).event(from: line)
    }

    /// The record types an event line may have.
    static let eventTypes = ["message", "edit", "append", "delete", "reaction_add", "reaction_remove"]

    /// Every event is checked by ``MessageValidator`` before it is returned, so no event this
    /// decoder yields can make applying, storing or rendering it trap.
    ///
    /// A `message` record is read by ``MessageRecordReader``'s fast path first; a record it does
    /// not read (another type, or one it leaves to `JSONDecoder`) is decoded here.
    /// - Throws: ``EventRecordError`` naming the line for broken
    ///   JSON, an unknown or misplaced record type, a missing field, a wrong value, or a value
    ///   outside ``MessageLimits`` (naming the field).
    package func event(from bytes: Data) throws(EventRecordError) -> TranscriptEvent {
        if let message = MessageRecordReader().validatedMessage(in: bytes) { return .message(message) }
        return try decodedEvent(from: bytes)
    }

    /// The event of `bytes` read by `JSONDecoder` alone, without ``MessageRecordReader``'s fast
    /// path: what ``event(from:)`` yields, slower; the reference the fast path is held to.
    /// - Throws: ``EventRecordError`` as ``event(from:)``.
    package func decodedEvent(from bytes: Data) throws(EventRecordError) -> TranscriptEvent {
        let head = try place.decode(EventRecords.Head.self, from: bytes, record: "record")
        let event = try decoded(bytes, head: head)
        do {
            try MessageValidator().validate(event)
        } catch {
            throw place.error("\(head.type) record: \(error) (limits: docs/FORMAT.md)")
        }
        return event
    }

    private func decoded(_ bytes: Data, head: EventRecords.Head) throws(EventRecordError) -> TranscriptEvent {
        let record = "\(head.type) record"
        guard Self.eventTypes.contains(head.type) else {
            if head.type == "header" { throw place.error("an event record; a header is only allowed on the first line") }
            throw place.error("an event record of type \(Self.eventTypes.joined(separator: ", ")), found \"\(head.type)\"")
        }
        guard let channelName = head.channel else { throw place.error("\(record): a required \"channel\" field") }
        let channel = ChannelID(channelName)
        switch head.type {
        case "message":
            return .message(try place.decode(EventRecords.MessageRecord.self, from: bytes, record: record).message(at: place))
        case "edit":
            let edit = try place.decode(EventRecords.EditRecord.self, from: bytes, record: record)
            let edited = try edit.edited.map { (text) throws(EventRecordError) in try place.timestamp(text, field: "edited") }
            return .edit(
                channel: channel, id: MessageID(edit.id), text: edit.content, flavor: edit.flavor, spans: edit.spans ?? [],
                edited: edited)
        case "append":
            let append = try place.decode(EventRecords.AppendRecord.self, from: bytes, record: record)
            return .append(channel: channel, id: MessageID(append.id), text: append.text)
        case "delete":
            let delete = try place.decode(EventRecords.DeleteRecord.self, from: bytes, record: record)
            return .delete(channel: channel, id: MessageID(delete.id))
        default:
            let change = try place.decode(EventRecords.ReactionRecord.self, from: bytes, record: record)
            let reaction = Reaction(emoji: change.emoji, emojiID: change.emojiID, imageURL: change.imageURL, count: change.count ?? 1)
            if head.type == "reaction_add" { return .reactionAdd(channel: channel, id: MessageID(change.id), reaction: reaction) }
            return .reactionRemove(channel: channel, id: MessageID(change.id), reaction: reaction)
        }
    }
}
