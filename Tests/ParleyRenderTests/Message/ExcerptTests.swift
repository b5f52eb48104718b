import ParleyModel
import ParleyTestSupport
import Testing

@testable import ParleyRender

/// A reply header's excerpt: the original's text on one line, its whitespace collapsed.
@Suite struct ExcerptTests {
    /// Bytes an ASCII text is drawn from: every whitespace character (tab to carriage return,
    /// space), CR LF, and a few others.
    static let pieces = ["\t", "\n", "\u{B}", "\u{C}", "\r", " ", "\r\n", "a", "Z", "0", "*", "~", ".", "-"]

    /// Over 5,000 seeded ASCII texts, the byte path equals splitting the characters at whitespace
    /// and joining the words with one space.
    @Test func asciiTextsCollapseAsCharacterSplittingDoes() {
        var random = SeededRandom(seed: 0x5E_C0A5)
        for _ in 0..<5_000 {
            let text = (0..<random.below(24)).map { _ in Self.pieces[random.below(Self.pieces.count)] }.joined()
            #expect(MessageText.collapsingWhitespace(text) == text.split(whereSeparator: \.isWhitespace).joined(separator: " "))
        }
    }

    /// Scalars a text of any script is drawn from: every whitespace scalar (the controls, NEL and
    /// the separators among them), CR LF, and the scalars a grapheme rule joins to a neighbour — a
    /// combining accent, a spacing mark (Devanagari visarga, Thai sara am), a zero-width joiner, a
    /// skin tone, a tag, a variation selector, prepended ones (Arabic number sign, Kaithi number
    /// sign) — with letters, CJK and an emoji.
    static let scalars = [
        "\t", "\n", "\u{B}", "\u{C}", "\r", " ", "\r\n", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{200A}",
        "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{301}", "\u{903}", "\u{E33}", "\u{200D}",
        "\u{1F3FD}", "\u{E0041}", "\u{FE0F}", "\u{600}", "\u{110BD}", "a", "é", "中", "👍", "\u{1F1EB}", "x",
    ]

    /// Over 20,000 seeded texts of those scalars, the excerpt's collapsing equals splitting the
    /// characters at whitespace and joining the words with one space.
    @Test func textsOfAnyScriptCollapseAsCharacterSplittingDoes() {
        var random = SeededRandom(seed: 0x5E_C0A6)
        for _ in 0..<20_000 {
            let text = (0..<random.below(16)).map { _ in Self.scalars[random.below(Self.scalars.count)] }.joined()
            let expected = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(MessageText.collapsingWhitespace(text) == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// Characters of one to eighteen bytes: ASCII, a precomposed and a combining accent, a ZWJ
    /// family, a flag, CJK.
    static let characters = ["a", "Z", "é", "e\u{301}", "👩\u{200D}👩\u{200D}👧", "🇫🇷", "中", "x"]

    /// Over 3,000 seeded texts of 80 to 120 characters, the excerpt is the text when it has at
    /// most 100 characters, else its first 99 and `…`: counted as characters, not bytes.
    @Test func aTextOfMoreThanAHundredCharactersIsCutAtNinetyNine() throws {
        let context = RenderContext(templates: try TemplateSet.load(), clock: .utc, directory: Directory())
        var random = SeededRandom(seed: 0xE8C3_2F)
        for _ in 0..<3_000 {
            let text = (0..<(80 + random.below(41))).map { _ in Self.characters[random.below(Self.characters.count)] }.joined()
            let message = LiveFixtures.message("1", minute: 0, author: 1, text: text)
            let expected = text.count > 100 ? String(text.prefix(99)) + "…" : text
            #expect(MessageText(context: context).excerpt(message) == expected, "\(text.count) characters, \(text.utf8.count) bytes")
        }
    }

    @Test func whitespaceRunsBecomeOneSpaceAndTheEndsNone() {
        #expect(MessageText.collapsingWhitespace("\r\n  a\t\u{B}b \r\nc\u{C}\n") == "a b c")
        #expect(MessageText.collapsingWhitespace(" \t\r\n") == "")
        #expect(MessageText.collapsingWhitespace("") == "")
        #expect(MessageText.collapsingWhitespace("東京\u{3000} ok\u{A0}\u{2028}x") == "東京 ok x")
        #expect(MessageText.collapsingWhitespace(" \u{301}a") == "a")
        // A space with a combining accent is one whitespace character; a prepended Arabic number
        // sign and the space after it are one character that is not whitespace.
        #expect(MessageText.collapsingWhitespace("a \u{301}b") == "a b")
        #expect(MessageText.collapsingWhitespace("\u{600} a  b") == "\u{600} a b")
        #expect(MessageText.collapsingWhitespace("naïve  東京\u{3000}👍🏽 x") == "naïve 東京 👍🏽 x")
    }
}
