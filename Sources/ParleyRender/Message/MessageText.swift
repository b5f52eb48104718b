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

    /// `text`'s runs of whitespace characters as one space, none at either end: what
    /// `text.split(whereSeparator: \.isWhitespace).joined(separator: " ")` gives, where a
    /// character is whitespace when its first scalar is (`Character.isWhitespace`).
    ///
    /// Read scalar by scalar, not by characters: a whitespace scalar is a character of its own unless
    /// a grapheme rule joins it to a neighbour, and only a scalar that is not ASCII can (a prepended
    /// one before it, GB9b; an extending or spacing mark or a joiner after it, GB9 and GB9a — the
    /// rules of regional indicators, emoji sequences and Indic conjuncts involve no whitespace, and
    /// CR LF is whitespace whole). Where such a pair has no break between them (asked of the
    /// standard library's grapheme breaking, pair by pair), the characters are split as above.
    /// - Complexity: O(n) for n UTF-8 bytes.
    static func collapsingWhitespace(_ text: String) -> String {
        asciiCollapsed(text) ?? scalarsCollapsed(text) ?? text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The collapsed text when `text` is all ASCII, read byte by byte (every ASCII whitespace
    /// scalar is a character of its own, or CR LF, whitespace whole); nil when it is not, or not
    /// stored as contiguous UTF-8. The scalar path reads scalars one by one: callgrind, the 8,028
    /// reply excerpts of 100k generated Discord messages, 190 M → 148 M instructions with this
    /// path first.
    private static func asciiCollapsed(_ text: String) -> String? {
        text.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            var union: UInt8 = 0
            for byte in bytes { union |= byte }
            guard union < 0x80 else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { collapsed in
                var count = 0
                var pendingSpace = false
                for byte in bytes {
                    if byte == 0x20 || (0x09...0x0D).contains(byte) {
                        pendingSpace = count > 0
                    } else {
                        if pendingSpace {
                            collapsed[count] = 0x20
                            count += 1
                        }
                        pendingSpace = false
                        collapsed[count] = byte
                        count += 1
                    }
                }
                return count
            }
        } ?? nil
    }

    /// The collapsed text when every whitespace scalar of `text` is a character of its own, or
    /// CR LF; nil when one is not.
    private static func scalarsCollapsed(_ text: String) -> String? {
        let scalars = text.unicodeScalars
        var collapsed: [UInt8] = []
        collapsed.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        var previous: Unicode.Scalar?
        var index = scalars.startIndex
        while index != scalars.endIndex {
            let scalar = scalars[index]
            scalars.formIndex(after: &index)
            let whitespace = scalar.isASCII ? scalar == " " || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace
            if whitespace {
                if !isControl(scalar) {
                    if let previous, !previous.isASCII, !breaks(previous, scalar) { return nil }
                    if index != scalars.endIndex, !scalars[index].isASCII, !breaks(scalar, scalars[index]) { return nil }
                }
                pendingSpace = !collapsed.isEmpty
            } else {
                if pendingSpace { collapsed.append(0x20) }
                pendingSpace = false
                collapsed.append(contentsOf: scalar.utf8)
            }
            previous = scalar
        }
        return String(decoding: collapsed, as: UTF8.self)
    }

    /// Whether a whitespace scalar breaks from every neighbour (grapheme rules GB4 and GB5): the
    /// ASCII controls, NEL, and the line and paragraph separators.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x85 || scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// Whether the standard library's grapheme breaking puts a break between `first` and `second`.
    private static func breaks(_ first: Unicode.Scalar, _ second: Unicode.Scalar) -> Bool {
        var pair = String.UnicodeScalarView()
        pair.append(first)
        pair.append(second)
        return String(pair).count == 2
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
