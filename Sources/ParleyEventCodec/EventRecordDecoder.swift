import Foundation
import ParleyModel

/// Turns one event record of Parley JSON Lines (`docs/FORMAT.md`) into a ``TranscriptEvent``: a
/// line of a file, of a request body (`POST /c/{channel}/events`) or a record kept by the event
/// store.
public struct EventRecordDecoder: Sendable {
    let place: RecordPlace
    /// The channel of a record that names none (or `null`): the one a post's address names; nil
    /// requires the `channel` field.
    let channel: ChannelID?

    /// A decoder of the record at `place`; `channel` is the channel of a record that names none.
    package init(place: RecordPlace, channel: ChannelID? = nil) {
        self.place = place
        self.channel = channel
    }

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

    /// Decodes one line of a post to `POST /c/{channel}/events`, whose address names `channel`:
    /// the record may leave its `channel` field out (or `null`); one that names a channel keeps it
    /// (the caller refuses an event for another channel).
    /// - Parameters:
    ///   - line: The line's bytes, without its line break.
    ///   - channel: The channel the post's address names.
    ///   - file: The request named in errors.
    ///   - lineNumber: The 1-based line number named in errors.
    ///   - offset: The line's byte offset in the body, for errors.
    /// - Returns: The event, and whether the record named its channel itself.
    /// - Throws: ``EventRecordError`` as ``event(line:file:lineNumber:offset:)``.
    /// - Complexity: O(n) in the line's length.
    public static func postedEvent(
        line: Data, channel: ChannelID, file: String, lineNumber: Int, offset: Int = 0
    ) throws(EventRecordError) -> (event: TranscriptEvent, namesChannel: Bool) {
        let decoder = EventRecordDecoder(place: RecordPlace(file: file, line: lineNumber, offset: offset), channel: channel)
        return try decoder.eventNamingChannel(from: line)
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
        try eventNamingChannel(from: bytes).event
    }

    /// ``event(from:)``, and whether the record named its channel (false when ``channel`` stood in).
    /// - Throws: ``EventRecordError`` as ``event(from:)``.
    func eventNamingChannel(from bytes: Data) throws(EventRecordError) -> (event: TranscriptEvent, namesChannel: Bool) {
        let reader = MessageRecordReader()
        if let message = reader.validatedMessage(in: bytes) { return (.message(message), true) }
        if let channel, let message = reader.validatedMessage(in: bytes, channel: channel.rawValue) { return (.message(message), false) }
        let head = try place.decode(EventRecords.Head.self, from: bytes, record: "record")
        return (try validated(bytes, head: head), head.channel != nil)
    }

    /// The event of `bytes` read by `JSONDecoder` alone, without ``MessageRecordReader``'s fast
    /// path: what ``event(from:)`` yields, slower; the reference the fast path is held to.
    /// - Throws: ``EventRecordError`` as ``event(from:)``.
    package func decodedEvent(from bytes: Data) throws(EventRecordError) -> TranscriptEvent {
        try validated(bytes, head: try place.decode(EventRecords.Head.self, from: bytes, record: "record"))
    }

    /// The event of `bytes`, whose head is `head`, checked by ``MessageValidator``.
    private func validated(_ bytes: Data, head: EventRecords.Head) throws(EventRecordError) -> TranscriptEvent {
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
        guard let channelName = head.channel ?? self.channel?.rawValue else {
            throw place.error("\(record): a required \"channel\" field")
        }
        let channel = ChannelID(channelName)
        switch head.type {
        case "message":
            let message = try place.decode(EventRecords.MessageRecord.self, from: bytes, record: record)
            return .message(try message.message(at: place, channel: channelName))
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
