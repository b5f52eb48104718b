import Foundation
import ParleyModel

/// Turns one event line of a Parley JSON Lines file into a ``TranscriptEvent``.
struct ParleyEventDecoder {
    let place: ParleyLinePlace

    /// The record types an event line may have.
    static let eventTypes = ["message", "edit", "append", "delete", "reaction_add", "reaction_remove"]

    /// Every event is checked by ``MessageValidator`` before it is returned, so no event this
    /// decoder yields can make applying, storing or rendering it trap.
    /// - Throws: ``ImportError/syntax(file:offset:line:expected:)`` naming the line for broken
    ///   JSON, an unknown or misplaced record type, a missing field, a wrong value, or a value
    ///   outside ``MessageLimits`` (naming the field).
    func event(from bytes: Data) throws(ImportError) -> TranscriptEvent {
        let head = try place.decode(ParleyRecords.Head.self, from: bytes, record: "record")
        let event = try decoded(bytes, head: head)
        do {
            try MessageValidator().validate(event)
        } catch {
            throw place.error("\(head.type) record: \(error) (limits: docs/FORMAT.md)")
        }
        return event
    }

    private func decoded(_ bytes: Data, head: ParleyRecords.Head) throws(ImportError) -> TranscriptEvent {
        let record = "\(head.type) record"
        guard Self.eventTypes.contains(head.type) else {
            if head.type == "header" { throw place.error("an event record; a header is only allowed on the first line") }
            throw place.error("an event record of type \(Self.eventTypes.joined(separator: ", ")), found \"\(head.type)\"")
        }
        guard let channelName = head.channel else { throw place.error("\(record): a required \"channel\" field") }
        let channel = ChannelID(channelName)
        switch head.type {
        case "message":
            return .message(try place.decode(ParleyRecords.MessageRecord.self, from: bytes, record: record).message(at: place))
        case "edit":
            let edit = try place.decode(ParleyRecords.EditRecord.self, from: bytes, record: record)
            let edited = try edit.edited.map { (text) throws(ImportError) in try place.timestamp(text, field: "edited") }
            return .edit(
                channel: channel, id: MessageID(edit.id), text: edit.content, flavor: edit.flavor, spans: edit.spans ?? [],
                edited: edited)
        case "append":
            let append = try place.decode(ParleyRecords.AppendRecord.self, from: bytes, record: record)
            return .append(channel: channel, id: MessageID(append.id), text: append.text)
        case "delete":
            let delete = try place.decode(ParleyRecords.DeleteRecord.self, from: bytes, record: record)
            return .delete(channel: channel, id: MessageID(delete.id))
        default:
            let change = try place.decode(ParleyRecords.ReactionRecord.self, from: bytes, record: record)
            let reaction = Reaction(emoji: change.emoji, emojiID: change.emojiID, imageURL: change.imageURL, count: change.count ?? 1)
            if head.type == "reaction_add" { return .reactionAdd(channel: channel, id: MessageID(change.id), reaction: reaction) }
            return .reactionRemove(channel: channel, id: MessageID(change.id), reaction: reaction)
        }
    }
}
