/// Which characters are emoji, and whether a document is only emoji (shown larger).
public enum EmojiText {
    /// Messages with more emoji than this are shown at normal size (Discord's limit).
    public static let jumboLimit = 27

    /// Whether `character` (a grapheme cluster) is an emoji: it has a scalar with emoji
    /// presentation, a variation selector 16 or a keycap, or starts with an emoji scalar outside
    /// ASCII and Latin-1 (so digits, `#` and `©` are not emoji on their own).
    /// Source: Unicode Technical Standard #51, "Unicode Emoji".
    public static func isEmoji(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return false }
        if scalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F || $0.value == 0x20E3 }) { return true }
        return first.properties.isEmoji && first.value > 0xFF
    }
}

extension FormatDocument {
    /// The number of emoji when the document is a single paragraph of emoji and spaces only,
    /// else nil.
    /// - Parameter isDrawn: whether a custom emoji will be drawn as an image (unknown shortcodes
    ///   are text, so they make the message ordinary).
    /// - Complexity: O(n) in the text's length.
    public func emojiOnlyCount(isDrawn: (EmojiReference) -> Bool) -> Int? {
        guard blocks.count == 1, case let .paragraph(inlines) = blocks[0] else { return nil }
        var count = 0
        for inline in inlines {
            switch inline {
            case let .text(text):
                // A printable ASCII character followed by an ASCII byte is a character of its own,
                // neither whitespace nor emoji: most messages are answered here, without walking
                // characters and looking up their Unicode properties.
                let utf8 = text.utf8
                if let first = utf8.first, (0x21...0x7E).contains(first), utf8.dropFirst().first.map({ $0 < 0x80 }) ?? true {
                    return nil
                }
                for character in text where !character.isWhitespace {
                    guard EmojiText.isEmoji(character) else { return nil }
                    count += 1
                }
            case let .customEmoji(emoji):
                guard isDrawn(emoji) else { return nil }
                count += 1
            case .lineBreak, .softBreak: continue
            default: return nil
            }
        }
        return count > 0 ? count : nil
    }
}
