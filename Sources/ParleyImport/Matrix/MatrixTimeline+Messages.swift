import ParleyModel

extension MatrixTimeline {
    /// The message of an `m.room.message`, `m.sticker` or undecrypted `m.room.encrypted` event,
    /// with its latest valid edit, its reactions and its reply; a redacted one as a deletion notice.
    mutating func message(_ event: MatrixEvent, id: MessageID, author: Author, timestamp: Timestamp) -> Message {
        var message = Message(id: id, channel: channel, author: author, timestamp: timestamp, content: Content(text: ""))
        if let redaction = relations.redaction(of: event) {
            message.kind = .deleted
            message.content.text = "message deleted" + (redaction.content?.reason.map { ": \($0)" } ?? "")
            return message
        }
        guard event.type != "m.room.encrypted" else {
            message.kind = .system
            message.content.text = "encrypted message that the export could not decrypt"
            return message
        }
        let raw = event.content ?? MatrixContent()
        let edit = latestEdit(of: event)
        let replyTo = raw.relates_to?.is_falling_back == true ? nil : raw.relates_to?.in_reply_to?.event_id
        let parts = MatrixMessageContent(
            type: event.type, content: raw,
            replacement: edit?.content?.new_content ?? (raw.relates_to?.rel_type == "m.replace" ? raw.new_content : nil),
            eventID: id.rawValue,
            sender: author.shownName, isReply: replyTo != nil)
        message.content = parts.content
        message.attachments = parts.attachments
        message.stickers = parts.stickers
        message.editedTimestamp = edit?.origin_server_ts.map { Timestamp(milliseconds: $0) }
        if let replyTo {
            message.reply = ReplyReference(messageID: MessageID(replyTo))
            message.kind = .reply
        }
        message.reactions = reactions(of: event)
        return message
    }

    /// The latest edit by the original sender that was not redacted: from the export's edit
    /// events, or the server's bundled `m.replace` when that is newer. Edits by someone else are
    /// reported and ignored.
    private mutating func latestEdit(of event: MatrixEvent) -> MatrixUnsigned.Replacement? {
        guard let id = event.event_id else { return nil }
        var latest: MatrixUnsigned.Replacement?
        for edit in relations.edits[id] ?? [] where !relations.isRedacted(edit) {
            guard edit.sender == event.sender else {
                diagnostics.append(
                    Diagnostic(
                        file: file, location: "messages[\(edit.position)]",
                        message: "edit of \(id) by \(edit.sender ?? "an unknown sender"), who did not send it; ignored"))
                continue
            }
            if (edit.time ?? 0) >= (latest?.origin_server_ts ?? Int64.min) {
                latest = MatrixUnsigned.Replacement(
                    event_id: edit.eventID, sender: edit.sender, origin_server_ts: edit.time,
                    content: MatrixContent(new_content: edit.newContent))
            }
        }
        if let bundled = event.unsigned?.relations?.replace, bundled.content?.new_content != nil, bundled.sender == event.sender,
            (bundled.origin_server_ts ?? 0) > (latest?.origin_server_ts ?? Int64.min)
        {
            latest = bundled
        }
        return latest
    }

    /// Reactions to `event` that were not redacted, one per key in first-seen order.
    private func reactions(of event: MatrixEvent) -> [Reaction] {
        guard let id = event.event_id else { return [] }
        var reactions: [Reaction] = []
        for reaction in relations.reactions[id] ?? [] where !relations.isRedacted(reaction) {
            guard let key = reaction.key else { continue }
            if let index = reactions.firstIndex(where: { $0.emoji == key }) {
                reactions[index].count += 1
            } else {
                reactions.append(Reaction(emoji: key, count: 1))
            }
        }
        return reactions
    }
}
