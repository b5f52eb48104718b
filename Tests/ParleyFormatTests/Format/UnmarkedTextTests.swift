import ParleyTestSupport
import Testing

@testable import ParleyFormat

/// The parsers' fast path for text without markup gives exactly what the full parsers give, and
/// steps aside whenever a marker could start a construct.
@Suite struct UnmarkedTextTests {
    static let dialects: [Dialect] = [.plain, .discord, .slack, .whatsapp]

    static let texts = [
        "", " ", "plain words only", "two\nlines", "\n\n  padded  \n\n", " \t\n a\n\n b \n \u{00A0}\n",
        "é ü 👍🏽 👨‍👩‍👧 日本語", "trailing space ", "  12 apples", "1. item", "line\n  3. item",
        "no link example.org",
        "e\u{301}\ncombining", "a\u{2028}b", "\u{3000}\nfull-width space line\n\u{3000}",
    ]

    @Test(arguments: dialects)
    func fastPathEqualsTheFullParser(dialect: Dialect) {
        let parser = LineBlockParser(dialect: dialect)
        for text in Self.texts {
            let full = parser.parse(Substring(text), allowQuotes: true)
            if let fast = UnmarkedText.blocks(text, dialect: dialect) { #expect(fast == full, "\(text.debugDescription)") }
            var scanner = InlineScanner(text, dialect: dialect)
            if let fast = UnmarkedText.inlines(text, dialect: dialect) { #expect(fast == scanner.parse(), "\(text.debugDescription)") }
        }
    }

    /// Over 20,000 seeded lines of ASCII and Unicode whitespace, letters, marks and a prepended
    /// mark, a line is blank exactly when each of its characters is whitespace.
    @Test func aLineIsBlankWhenEachCharacterIsWhitespace() {
        let pieces = [
            " ", "\t", "\u{B}", "\u{C}", "\u{A0}", "\u{3000}", "\u{2028}", "\u{85}", "a", ".", "\u{301}", "\u{600}", "é", "\u{1C}",
        ]
        var random = SeededRandom(seed: 0xB1A4)
        var blank = 0
        for _ in 0..<20_000 {
            let line = (0..<random.below(6)).map { _ in pieces[random.below(pieces.count)] }.joined()
            var copy = line
            let found = copy.withUTF8 { UnmarkedText.isBlank($0) }
            #expect(found == line.allSatisfy(\.isWhitespace), "\(line.debugDescription)")
            if found { blank += 1 }
        }
        #expect(blank > 1_000)
    }

    @Test func plainTextIsOneParagraphOfLines() {
        #expect(
            UnmarkedText.blocks("\n  \na b\n\nc\n \n", dialect: .discord)
                == [.paragraph([.text("a b"), .lineBreak, .lineBreak, .text("c")])])
        #expect(UnmarkedText.blocks(" \n\t", dialect: .slack) == [])
    }

    @Test func markersAndListNumbersTakeTheFullParser() {
        #expect(UnmarkedText.blocks("see https://e.org", dialect: .plain) == nil)
        #expect(UnmarkedText.blocks("a *b*", dialect: .whatsapp) == nil)
        #expect(UnmarkedText.blocks("&gt; quoted", dialect: .slack) == nil)
        #expect(UnmarkedText.blocks("# heading", dialect: .discord) == nil)
        #expect(UnmarkedText.blocks("x\n  2. two", dialect: .discord) == nil)
        #expect(UnmarkedText.blocks("a\r\nb", dialect: .plain) == nil)
        #expect(UnmarkedText.blocks("# not a heading in Slack", dialect: .slack) == [.paragraph([.text("# not a heading in Slack")])])
        #expect(UnmarkedText.inlines("a # b 2. c", dialect: .discord) == [.text("a # b 2. c")])
        #expect(UnmarkedText.inlines("a|b", dialect: .discord) == nil)
    }
}
