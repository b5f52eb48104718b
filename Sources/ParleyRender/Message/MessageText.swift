import ParleyFormat
import ParleyHTML
import ParleyModel

/// A message body as HTML (the `text` slot) and as a one-line excerpt (reply headers).
///
/// Every flavor is parsed into a ``FormatDocument`` and written by ``DocumentRenderer``; HTML
/// bodies (Matrix `formatted_body`) go through ``HTMLSanitizer`` instead.
struct MessageText {
    let context: RenderContext

    /// Excerpts longer than this many characters are cut with `…`.
    static let excerptLength = 100

    func html(_ content: Content) -> SafeHTML {
        if content.flavor == .html { return HTMLSanitizer.sanitize(content.text) }
        return DocumentRenderer(context: context).render(MessageFormat.document(for: content))
    }

    /// The original's text without markup on one line (mentions and emoji by name), at most
    /// ``excerptLength`` characters, or what the message holds when it has no text.
    func excerpt(_ message: Message) -> String {
        var text: String
        if message.content.flavor == .html {
            text = HTMLSanitizer.plainText(message.content.text)
        } else {
            var collected = ""
            collect(MessageFormat.document(for: message.content).blocks, into: &collected)
            text = Self.collapsingWhitespace(collected)
        }
        if text.isEmpty {
            if !message.attachments.isEmpty { return "(attachment)" }
            if !message.stickers.isEmpty { return "(sticker)" }
            if !message.embeds.isEmpty { return "(embed)" }
            return "(no text)"
        }
        // No text of at most this many bytes has more characters: most are not counted, and a
        // longer one only as far as the character after the limit.
        if text.utf8.count > Self.excerptLength,
            let limit = text.index(text.startIndex, offsetBy: Self.excerptLength, limitedBy: text.endIndex), limit != text.endIndex
        {
            text = String(text.prefix(Self.excerptLength - 1)) + "…"
        }
        return text
    }

    /// `text`'s runs of whitespace characters as one space, none at either end.
    /// - Complexity: O(n); an ASCII text is read as bytes, whose whitespace characters are the
    ///   bytes tab to carriage return and space (CR LF, one character, is two such bytes).
    static func collapsingWhitespace(_ text: String) -> String {
        var ascii = text
        guard ascii.withUTF8({ $0.allSatisfy { $0 < 0x80 } }) else {
            return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        return ascii.withUTF8 { bytes -> String in
            var collapsed: [UInt8] = []
            collapsed.reserveCapacity(bytes.count)
            var pendingSpace = false
            for byte in bytes {
                if byte == 0x20 || (0x09...0x0D).contains(byte) {
                    pendingSpace = !collapsed.isEmpty
                } else {
                    if pendingSpace { collapsed.append(0x20) }
                    pendingSpace = false
                    collapsed.append(byte)
                }
            }
            return String(decoding: collapsed, as: UTF8.self)
        }
    }

    private func collect(_ blocks: [Block], into text: inout String) {
        for block in blocks {
            switch block {
            case let .paragraph(inlines), let .heading(_, inlines), let .subtext(inlines): collect(inlines, into: &text)
            case let .quote(blocks): collect(blocks, into: &text)
            case let .codeBlock(_, code): text += code
            case let .list(list): list.items.forEach { collect($0.blocks, into: &text) }
            case let .table(table): (table.header + table.rows.flatMap { $0 }).forEach { collect($0, into: &text) }
            case .thematicBreak: break
            }
            text += " "
        }
    }

    private func collect(_ inlines: [Inline], into text: inout String) {
        for inline in inlines {
            switch inline {
            case let .text(value), let .code(value): text += value
            case .lineBreak, .softBreak: text += " "
            case let .strong(children), let .emphasis(children), let .underline(children), let .strikethrough(children),
                let .link(_, children):
                collect(children, into: &text)
            case .spoiler: text += "(spoiler)"
            case let .image(_, alt): text += alt
            case let .mention(target): text += DocumentRenderer.mentionText(target, directory: context.directory)
            case let .customEmoji(emoji): text += ":\(emoji.name):"
            case let .timestamp(timestamp, style): text += TimestampFormat.text(timestamp, style, clock: context.clock)
            }
        }
    }
}
