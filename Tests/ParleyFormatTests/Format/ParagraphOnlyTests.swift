import ParleyTestSupport
import Testing

@testable import ParleyFormat

/// The block parser's fast path for text whose lines open no block gives exactly the full
/// parser's blocks, and steps aside wherever a line may open one.
@Suite struct ParagraphOnlyTests {
    static let dialects: [Dialect] = [.plain, .discord, .slack, .whatsapp]

    /// Line-start markers of every dialect, inline markup, marks that join a marker into another
    /// character, whitespace of several kinds, line breaks and carriage returns.
    static let pieces = [
        "> ", ">", ">>> ", "&gt; ", "&gt;", "#", "## ", "-# ", "- ", "* ", "1. ", "12. ", " ", "  ", "```", "`", "``", "\n", "\n",
        "\n", "\r\n", "\r", "a", "word ", "**b**", "*i*", "_u_", "~~s~~", "||sp||", "@name", ":emoji:", "<@123>", "é", "\u{301}",
        ">\u{301}", "-\u{301}", "👍🏽", "\u{3000}", "\t", "https://e.org", "2", "-", "*", "\u{600}", "~x~",
    ]

    /// Over 20,000 seeded texts in each dialect, the fast path, when it answers, gives the full
    /// parser's blocks, and the parser's entry point gives them either way.
    @Test(arguments: dialects)
    func theFastPathEqualsTheFullParser(dialect: Dialect) {
        let parser = LineBlockParser(dialect: dialect)
        var random = SeededRandom(seed: 0x9A4A)
        var answered = 0, declined = 0
        for _ in 0..<20_000 {
            let text = (0..<random.below(10)).map { _ in Self.pieces[random.below(Self.pieces.count)] }.joined()
            let normalized = text.utf8.contains(0x0D) ? text.replacingCRLF() : text
            let full = parser.parse(Substring(normalized), allowQuotes: true)
            if let fast = parser.paragraphOnly(text) {
                #expect(fast == full, "\(text.debugDescription)")
                answered += 1
            } else {
                declined += 1
            }
            #expect(parser.parse(text) == full, "\(text.debugDescription)")
        }
        #expect(answered > 2_000 && declined > 2_000, "\(answered) answered, \(declined) declined")
    }

    @Test func aParagraphOfMarkupIsScanned() {
        let discord = LineBlockParser(dialect: .discord)
        #expect(
            discord.paragraphOnly("\n\t\na **b**\n\nc ~~d~~\n\t\n")
                == [.paragraph([.text("a "), .strong([.text("b")]), .lineBreak, .lineBreak, .text("c "), .strikethrough([.text("d")])])])
        #expect(discord.paragraphOnly("\t\n\u{3000}") == [])
        #expect(discord.paragraphOnly("a `b` ``c``") == [.paragraph([.text("a "), .code("b"), .text(" "), .code("c")])])
        #expect(
            LineBlockParser(dialect: .whatsapp).paragraphOnly("# *not* a heading") == [
                .paragraph([.text("# "), .strong([.text("not")]), .text(" a heading")])
            ])
        #expect(
            LineBlockParser(dialect: .slack).paragraphOnly("- *not* a list") == [
                .paragraph([.text("- "), .strong([.text("not")]), .text(" a list")])
            ])
    }

    @Test func aLineThatMayOpenABlockTakesTheFullParser() {
        let discord = LineBlockParser(dialect: .discord)
        for text in ["x\n> q", ">>> q", "-# small", "## h", "x\n- item", "* item", "  3. item", "a ```b```", "a\r\nb", ">\u{301} no quote"]
        {
            #expect(discord.paragraphOnly(text) == nil, "\(text.debugDescription)")
        }
        #expect(LineBlockParser(dialect: .slack).paragraphOnly("&gt; quoted") == nil)
        #expect(LineBlockParser(dialect: .whatsapp).paragraphOnly("1. item") == nil)
        #expect(
            LineBlockParser(dialect: .plain).paragraphOnly("> 1. ```x``` https://e.org") == [
                .paragraph([.text("> 1. ```x``` "), .link(destination: "https://e.org", [.text("https://e.org")])])
            ])
    }
}
