/// The control characters no imported text keeps: each becomes U+FFFD (the replacement
/// character), so that nothing an export holds reaches a page as an invisible or forbidden code
/// point (HTML calls them "control characters in the input stream", a parse error).
///
/// Replaced: the C0 controls U+0000–U+0008, U+000B, U+000C, U+000E–U+001F, and DEL U+007F
/// (invisible, never text, and a parse error in HTML like the C0 ones). Kept: tab U+0009, line
/// feed U+000A and carriage return U+000D, which are whitespace in text and in HTML (a page's
/// parser reads a carriage return as a line break, as the export's author meant it). Each
/// replaced character is one UTF-16 unit, as U+FFFD is, so ``FormatSpan`` offsets stay right.
public enum ControlCharacters {
    /// Whether `byte` (of UTF-8) is a character that is replaced: only ASCII bytes can be.
    @inlinable
    public static func isReplaced(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F
    }

    /// `text` with every replaced character as U+FFFD; `text` itself when it has none.
    /// - Complexity: O(n) in the text's UTF-8 length.
    public static func replaced(in text: String) -> String {
        guard contains(text) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(scalar.isASCII && isReplaced(UInt8(scalar.value)) ? "\u{FFFD}" : scalar)
        }
        return String(result)
    }

    /// `text` with its characters replaced, nil staying nil.
    public static func replaced(in text: String?) -> String? { text.map(replaced(in:)) }

    /// Whether `text` holds a replaced character: a scan of its UTF-8 bytes in place.
    /// - Complexity: O(n) in the text's UTF-8 length.
    static func contains(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { $0.contains(where: isReplaced) } ?? text.utf8.contains(where: isReplaced)
    }

    static func contains(_ text: String?) -> Bool { text.map(contains) ?? false }

    /// `message` with the characters replaced in every text a page shows of it: the content, the
    /// author's name, attachments' names and descriptions, embeds' texts, stickers' names,
    /// reactions' emoji, a forward's names and the inline bot. Ids, URLs and times are left as they are.
    /// - Complexity: O(size of the message's texts).
    public static func replaced(in message: Message) -> Message {
        // Nearly every message has none: it is returned as it is, with no copy of its arrays.
        guard contains(in: message) else { return message }
        var message = message
        message.content.text = replaced(in: message.content.text)
        message.author.name = replaced(in: message.author.name)
        for index in message.attachments.indices {
            message.attachments[index].fileName = replaced(in: message.attachments[index].fileName)
            message.attachments[index].description = replaced(in: message.attachments[index].description)
        }
        for index in message.embeds.indices { message.embeds[index] = replaced(in: message.embeds[index]) }
        for index in message.stickers.indices { message.stickers[index].name = replaced(in: message.stickers[index].name) }
        for index in message.reactions.indices { message.reactions[index].emoji = replaced(in: message.reactions[index].emoji) }
        if var origin = message.forwardedFrom {
            origin.authorName = replaced(in: origin.authorName)
            origin.channelName = replaced(in: origin.channelName)
            message.forwardedFrom = origin
        }
        message.viaBot = replaced(in: message.viaBot)
        return message
    }

    /// Whether a text ``replaced(in:)-(Message)`` replaces in holds a replaced character.
    /// - Complexity: O(the message's texts' bytes).
    public static func contains(in message: Message) -> Bool {
        contains(message.content.text) || contains(message.author.name)
            || message.attachments.contains { contains($0.fileName) || contains($0.description) }
            || message.embeds.contains(where: contains(in:)) || message.stickers.contains { contains($0.name) }
            || message.reactions.contains { contains($0.emoji) } || contains(message.forwardedFrom?.authorName)
            || contains(message.forwardedFrom?.channelName) || contains(message.viaBot)
    }

    private static func contains(in embed: Embed) -> Bool {
        contains(embed.title) || contains(embed.description) || contains(embed.authorName) || contains(embed.footer)
            || embed.fields.contains { contains($0.name) || contains($0.value) }
    }

    private static func replaced(in embed: Embed) -> Embed {
        var embed = embed
        embed.title = replaced(in: embed.title)
        embed.description = replaced(in: embed.description)
        embed.authorName = replaced(in: embed.authorName)
        embed.footer = replaced(in: embed.footer)
        for index in embed.fields.indices {
            embed.fields[index].name = replaced(in: embed.fields[index].name)
            embed.fields[index].value = replaced(in: embed.fields[index].value)
        }
        return embed
    }
}
