import ParleyFormat
import ParleyTestSupport
import Testing

/// Which paragraphs count as emoji only (shown larger): exact counts, and the shortcut for a text
/// that starts with a printable ASCII character giving what walking its characters gives.
@Suite struct EmojiOnlyTests {
    /// The count by walking every character, as `emojiOnlyCount` does without its shortcut.
    static func walkedCount(_ text: String) -> Int? {
        var count = 0
        for character in text where !character.isWhitespace {
            guard EmojiText.isEmoji(character) else { return nil }
            count += 1
        }
        return count > 0 ? count : nil
    }

    static func count(_ text: String) -> Int? {
        FormatDocument(blocks: [.paragraph([.text(text)])]).emojiOnlyCount { _ in true }
    }

    @Test func countsOfKnownTexts() {
        #expect(Self.count("👍👍") == 2)
        #expect(Self.count(" 👍 🎉 ") == 2)
        #expect(Self.count("#\u{FE0F}\u{20E3}") == 1)
        #expect(Self.count("A\u{FE0F}") == 1)
        #expect(Self.count("ok 👍") == nil)
        #expect(Self.count("👍 ok") == nil)
        #expect(Self.count("#") == nil)
        #expect(Self.count("a") == nil)
        #expect(Self.count("   ") == nil)
    }

    /// Over 20,000 seeded texts of ASCII, emoji, variation selectors, keycaps and spaces, the
    /// count equals the walked one.
    @Test func theShortcutGivesTheWalkedCount() {
        let pieces = [
            "a", "Z", "1", "#", "*", "!", "~", " ", "\t", "\n", "👍", "🎉", "\u{FE0F}", "\u{20E3}", "©", "é", "\u{301}", "日",
            "👨‍👩‍👧", "🇫🇷", "\u{3000}",
        ]
        var random = SeededRandom(seed: 53)
        for _ in 0..<20_000 {
            let text = (0..<(1 + random.below(5))).map { _ in pieces[random.below(pieces.count)] }.joined()
            #expect(Self.count(text) == Self.walkedCount(text), "\(text.debugDescription)")
        }
    }
}
