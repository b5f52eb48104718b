import ParleyModel

/// Converts the messages of one Telegram chat to ``Message`` values.
///
/// Times come from `date_unixtime` (UTC seconds); a message with only the zone-less `date` is
/// read as UTC and counted in ``zonelessDates``. A message without `id` (older tools' output)
/// gets a stable synthetic id. `from: null` (a deleted account) becomes "Deleted Account".
///
/// An entry of `"type": "unsupported"` (a message Telegram Desktop could not export: it writes only
/// its `id`) becomes a placeholder system message, "unsupported message", at the time of the
/// message before it, so it keeps its place; one before any dated message has no time to take
/// and is skipped.
struct TelegramMessageConverter {
    let file: String
    let channel: ChannelID
    /// Paths of the messages whose time came from the zone-less `date` alone.
    private(set) var zonelessDates: [String] = []
    /// Paths of the `unsupported` entries kept as placeholders.
    private(set) var placeholders: [String] = []
    /// The time of the last message converted, for an `unsupported` entry after it.
    private var lastTimestamp: Timestamp?
    private(set) var directory = Directory()
    private var synthetic = SyntheticMessageID()
    /// The account that exported the chat, when the export names it: its messages are outgoing,
    /// everyone else's incoming (service messages neither), and show its profile picture.
    var account: TelegramAccount?

    init(file: String, channel: ChannelID) {
        self.file = file
        self.channel = channel
    }

    /// A record with `"forwarded_from": null` (the original sender's account is gone) is shown as
    /// forwarded from "Deleted Account".
    mutating func convert(_ raw: TelegramMessage, path: String) throws(ImportError) -> Message {
        if raw.type == "unsupported", raw.date_unixtime == nil, raw.date == nil { return try placeholder(raw, path: path) }
        let timestamp = try time(unix: raw.date_unixtime, local: raw.date, path: path, field: "date")
        lastTimestamp = timestamp
        let edited: Timestamp? =
            raw.edited_unixtime == nil && raw.edited == nil
            ? nil : try time(unix: raw.edited_unixtime, local: raw.edited, path: path, field: "edited")
        let isService = raw.type == "service"
        let name = isService ? raw.actor : raw.from
        let authorID = (isService ? raw.actor_id : raw.from_id)?.text ?? name.map { "name:" + $0 } ?? "deleted"
        var author = Author(id: AuthorID(authorID), name: name ?? "Deleted Account")
        if let account, author.id == account.id { author.avatarURL = account.avatarURL }
        directory.users[authorID] = author.name
        var content = TelegramTextConverter.content(text: raw.text, entities: raw.text_entities)
        let id = raw.id.map { MessageID($0.text) } ?? synthetic.next(timestamp: timestamp, author: authorID, text: content.text)
        var kind: Message.Kind = raw.reply_to_message_id == nil ? .default : .reply
        var reply = raw.reply_to_message_id.map {
            ReplyReference(messageID: MessageID($0.text), channelID: raw.reply_to_peer_id.map { ChannelID($0.text) })
        }
        if isService {
            let action = TelegramServiceAction(raw)
            kind = action.kind
            content = Content(text: content.text.isEmpty ? action.text : action.text + ": " + content.text)
            if action.kind == .channelPinned, let target = raw.message_id { reply = ReplyReference(messageID: MessageID(target.text)) }
        }
        let media = TelegramMedia(raw, id: id)
        if !media.lines.isEmpty {
            content.text += (content.text.isEmpty ? "" : "\n\n") + media.lines.joined(separator: "\n")
        }
        var message = Message(
            id: id, channel: channel, author: author, timestamp: timestamp, editedTimestamp: edited, kind: kind,
            content: content, attachments: media.attachments, stickers: media.stickers,
            reactions: (raw.reactions ?? []).map(Self.reaction), reply: reply)
        if raw.forwarded_from != nil || raw.saved_from != nil || raw.forwardedFromNobody {
            message.forwardedFrom = ForwardOrigin(
                authorName: raw.forwarded_from ?? (raw.forwardedFromNobody ? "Deleted Account" : nil),
                channelName: raw.saved_from == raw.forwarded_from ? nil : raw.saved_from)
        }
        message.viaBot = raw.via_bot
        if let account, !isService { message.isOutgoing = author.id == account.id }
        return message
    }

    /// The placeholder of an `unsupported` entry at `path`, at the time of the message before it.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` when no message came before it.
    private mutating func placeholder(_ raw: TelegramMessage, path: String) throws(ImportError) -> Message {
        guard let timestamp = lastTimestamp else {
            throw .schema(
                file: file, path: path,
                expected: "a dated message before this \"unsupported\" one (Telegram Desktop exports it without a date) to take its time")
        }
        let id = raw.id.map { MessageID($0.text) } ?? synthetic.next(timestamp: timestamp, author: Self.telegram.id.rawValue, text: "")
        directory.users[Self.telegram.id.rawValue] = Self.telegram.name
        placeholders.append(path)
        return Message(
            id: id, channel: channel, author: Self.telegram, timestamp: timestamp, kind: .system,
            content: Content(text: "unsupported message (Telegram Desktop did not export it)"))
    }

    /// The author of placeholders: Telegram itself.
    static let telegram = Author(id: AuthorID("telegram"), name: "Telegram")

    /// `unix` (decimal UTC seconds) when present, else `local` (zone-less ISO 8601) read as UTC.
    private mutating func time(unix: String?, local: String?, path: String, field: String) throws(ImportError) -> Timestamp {
        if let unix {
            guard let seconds = Int64(unix), let timestamp = Timestamp(unixSeconds: seconds) else {
                throw .schema(
                    file: file, path: "\(path).\(field)_unixtime",
                    expected: "decimal seconds since 1970 within the years 0001–9999, found \"\(unix)\"")
            }
            return timestamp
        }
        guard let local else {
            throw .schema(file: file, path: path, expected: "a \"\(field)_unixtime\" or \"\(field)\" field")
        }
        guard let timestamp = RFC3339.parse(local + "Z") else {
            throw .schema(file: file, path: "\(path).\(field)", expected: "a date such as 2019-07-05T16:55:32, found \"\(local)\"")
        }
        if field == "date" { zonelessDates.append(path) }
        return timestamp
    }

    static func reaction(_ raw: TelegramMessage.Reaction) -> Reaction {
        switch raw.type {
        case "custom_emoji": return Reaction(emoji: "custom emoji", emojiID: raw.document_id, count: raw.count ?? 1)
        case "paid": return Reaction(emoji: "⭐", count: raw.count ?? 1)
        default: return Reaction(emoji: raw.emoji ?? "?", count: raw.count ?? 1)
        }
    }
}
