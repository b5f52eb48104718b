import Foundation
import ParleyModel

/// Reads one Parley JSON Lines `message` record (`docs/FORMAT.md`) as a ``Message``: the message
/// ``EventRecordDecoder`` yields for it, checked by ``MessageValidator`` the same way, about ten
/// times faster.
///
/// A purpose-built scanner (`JSONScanner`) reads the record's bytes straight into the message:
/// keys in any order, unknown keys skipped, JSON white space anywhere between tokens, every
/// string escape. What it does not read the way `JSONDecoder` does — broken or truncated JSON, a
/// value of the wrong type, a missing field, a number with a fraction or out of range, a key given
/// twice, a key with an escape, invalid UTF-8, a lone surrogate, a timestamp that is not RFC 3339,
/// a message outside ``MessageLimits`` — it leaves to ``EventRecordDecoder``, which reads the
/// record again and throws its own error: the errors are exactly the decoder's.
/// - Complexity: O(n) in the record's length.
package struct MessageRecordReader: Sendable {
    /// A reader of `message` records.
    package init() {}

    /// The message of the `message` record `record` (one line without its line break), at `place`.
    /// - Throws: ``EventRecordError`` as ``EventRecordDecoder/event(line:file:lineNumber:offset:)``
    ///   throws it for the record; for a valid record of another type, an error saying that a
    ///   `message` record was expected.
    package func message(from record: Data, at place: RecordPlace) throws(EventRecordError) -> Message {
        if let message = validatedMessage(in: record) { return message }
        let event = try EventRecordDecoder(place: place).decodedEvent(from: record)
        guard case let .message(message) = event else {
            throw place.error("a message record, found an event for message \(event.messageID)")
        }
        return message
    }

    /// The message of `record` when the fast path reads it and ``MessageValidator`` accepts it;
    /// nil otherwise (`record` may still be a valid record, or an invalid one: ask ``EventRecordDecoder``).
    /// - Parameter channel: The channel of a record without a `channel` field (a post's, whose
    ///   address names it); nil reads such a record as nil.
    package func validatedMessage(in record: Data, channel: String? = nil) -> Message? {
        var memo = RecordAuthorMemo(capacity: 0)
        return record.withUnsafeBytes { raw in
            Self.validatedMessage(in: raw.assumingMemoryBound(to: UInt8.self), channel: channel, memo: &memo)
        }
    }

    /// ``validatedMessage(in:channel:)`` of a record that names its channel, its author known from
    /// `authors` when it holds the record's `author` object, and kept in it when read: for a
    /// caller reading many records of one store (``RecordAuthorMemo``).
    package func validatedMessage(in record: UnsafeBufferPointer<UInt8>, authors: inout RecordAuthorMemo) -> Message? {
        Self.validatedMessage(in: record, channel: nil, memo: &authors)
    }

    private static func validatedMessage(
        in record: UnsafeBufferPointer<UInt8>, channel: String?, memo: inout RecordAuthorMemo
    ) -> Message? {
        do {
            var scanner = JSONScanner(record)
            let message = try Self.message(&scanner, channel: channel, memo: &memo)
            try scanner.expectEnd()
            try MessageValidator().validate(message)
            return message
        } catch {
            return nil
        }
    }

    static let messageKeys = RecordMembers<RecordField.Message>.Keys()

    /// The record object, which must have `"type":"message"`, as a message; `fallback` is the
    /// channel when the object has no `channel` member.
    private static func message(
        _ scanner: inout JSONScanner, channel fallback: String?, memo: inout RecordAuthorMemo
    ) throws(JSONScanner.Refusal) -> Message {
        try scanner.expect(0x7B)
        var members = RecordMembers(messageKeys)
        var isMessage = false
        var channel: String?, id: String?, timestamp: Timestamp?, author: Author?, content: String?
        var flavor: Content.Flavor?, spans: [FormatSpan]?, kind: Message.Kind?, edited: Timestamp?, replyTo: String?
        var replyChannel: String?, attachments: [Attachment]?, embeds: [Embed]?, stickers: [Sticker]?, reactions: [Reaction]?
        var mentions: [Mention]?, outgoing: Bool?, pinned: Bool?, forwardedFrom: ForwardOrigin?, viaBot: String?, thread: String?
        while let field = try members.next(in: &scanner) {
            switch field {
            case .type:
                try scanner.expectString("message")
                isMessage = true
            case .channel: channel = try scanner.string()
            case .id: id = try scanner.string()
            case .timestamp: timestamp = try Self.timestamp(&scanner)
            case .author: author = try Self.author(&scanner, memo: &memo)
            case .content: content = try scanner.string()
            case .flavor: flavor = try scanner.optionalEnumeration()
            case .spans: spans = try scanner.optionalArray(Self.span)
            case .kind: kind = try scanner.optionalEnumeration()
            case .edited: edited = try scanner.optional(Self.timestamp)
            case .replyTo: replyTo = try scanner.optionalString()
            case .replyChannel: replyChannel = try scanner.optionalString()
            case .attachments: attachments = try scanner.optionalArray(Self.attachment)
            case .embeds: embeds = try scanner.optionalArray(Self.embed)
            case .stickers: stickers = try scanner.optionalArray(Self.sticker)
            case .reactions: reactions = try scanner.optionalArray(Self.reaction)
            case .mentions: mentions = try scanner.optionalArray(Self.mention)
            case .outgoing: outgoing = try scanner.optionalBool()
            case .pinned: pinned = try scanner.optionalBool()
            case .forwardedFrom: forwardedFrom = try scanner.optional(Self.forwardOrigin)
            case .viaBot: viaBot = try scanner.optionalString()
            case .thread: thread = try scanner.optionalString()
            }
        }
        guard isMessage, let channel = channel ?? fallback, let id, let timestamp, let author, let content else {
            throw JSONScanner.Refusal()
        }
        var message = EventRecords.blankMessage
        EventRecords.fill(
            &message, id: id, channel: channel, author: author, timestamp: timestamp, edited: edited, kind: kind, content: content,
            flavor: flavor, spans: spans, replyTo: replyTo, replyChannel: replyChannel, attachments: attachments, embeds: embeds,
            stickers: stickers, reactions: reactions, mentions: mentions, outgoing: outgoing, pinned: pinned, forwardedFrom: forwardedFrom,
            viaBot: viaBot,
            thread: thread)
        return message
    }
}
