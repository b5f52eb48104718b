import ParleyTestSupport
import Testing

@testable import ParleyFormat

/// The inline scanner passes over runs of characters outside its dialect's ``Dialect/scanStops``
/// without trying a rule: that is exact only if no special construct and no delimiter can start at
/// such a character, which these tests check over seeded texts (and that the scanner's test on
/// the text's bytes, its character codes and its copies of byte ranges agree with its characters).
@Suite struct InlineScanStopsTests {
    static let dialects: [Dialect] = [.plain, .discord, .slack, .whatsapp]

    /// Every printable ASCII character, line breaks, and characters that are not one ASCII
    /// scalar: a marker with a combining mark, CR LF, letters and emoji of several scalars.
    static let alphabet: [String] =
        (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) } + [
            "\n", "\n", " ", " ", "a", "h", "t", "p", "s", ":", "/", "*\u{301}", "\r\n", "é", "👍🏽", "日", "\u{00A0}",
            "ttp", "ttps://e.org", "HTTP://E.ORG", "Https://x.y", "@everyone", "@here", "everyone", "here", "<@1234>", "<:x:1234>",
            "<t:1700000000:R>", "&amp;", "&gt;",
            "**", "__", "~~", "||", "```",
        ]

    @Test(arguments: dialects)
    func noRuleStartsOutsideTheStops(dialect: Dialect) {
        var random = SeededRandom(seed: 0x5CA9)
        var checked = 0
        for _ in 0..<2_000 {
            let text = (0..<Int(random.next() % 24)).map { _ in Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))] }
                .joined()
            var scanner = InlineScanner(text, dialect: dialect)
            let range = 0..<scanner.count
            // The byte-level test agrees with the characters' own: one ASCII character of the stops.
            for index in range {
                #expect(scanner.isStop(at: index) == (scanner.character(index).asciiValue.map(dialect.scanStops.contains) ?? false))
            }
            let lower = range.isEmpty ? 0 : Int(random.next() % UInt64(range.count))
            let upper = lower + Int(random.next() % UInt64(range.count - lower + 1))
            #expect(scanner.string(lower..<upper) == String((lower..<upper).map(scanner.character)))
            for index in range where !scanner.isStop(at: index) {
                #expect(scanner.special(at: index, in: range, depth: 0) == nil, "\(text.debugDescription) at \(index)")
                for delimiter in scanner.delimiters {
                    #expect(!delimiter.opens(at: index, in: scanner, range: range), "\(text.debugDescription) at \(index)")
                }
                checked += 1
            }
        }
        #expect(checked > 20_000)
    }

    /// Over 20,000 seeded texts of ASCII, CR LF and characters that join what comes before or after
    /// them (combining marks, a prepended mark, ZWJ, regional indicators, skin tones, Hangul
    /// jamo), the scanner's characters and their byte offsets are the string's own, each one's
    /// code is its byte when it is one ASCII byte and ``InlineScanner/wide`` otherwise, and the
    /// scanner's classes of a character are the character's own.
    @Test func theCharactersAreTheStringsOwn() {
        let pieces = [
            "a", "Z", " ", "\n", "\r", "\r\n", "`", "*", "\u{301}", "\u{600}", "\u{200D}", "👩", "🇫", "🇷", "🏽", "\u{1100}",
            "\u{1161}", "\u{11A8}", "é", "日", "\u{0}", "\u{7F}", "_", "5", "\t", "\u{A0}", "\u{3000}", "\u{663}", "-",
        ]
        var random = SeededRandom(seed: 0xC4A2)
        for _ in 0..<20_000 {
            let text = (0..<random.below(16)).map { _ in pieces[random.below(pieces.count)] }.joined()
            let scanner = InlineScanner(text, dialect: .discord)
            let expected = Array(text)
            #expect((0..<scanner.count).map(scanner.character) == expected, "\(text.debugDescription)")
            #expect(scanner.offsets == expected.reduce(into: [0]) { $0.append($0.last! + $1.utf8.count) }, "\(text.debugDescription)")
            #expect(scanner.codes == expected.map { $0.utf8.count == 1 ? $0.utf8.first! : InlineScanner.wide }, "\(text.debugDescription)")
            for (index, character) in expected.enumerated() {
                #expect(scanner.isWhitespace(index) == character.isWhitespace, "\(text.debugDescription) at \(index)")
                #expect(scanner.isWord(index) == CharacterClass.isWord(character), "\(text.debugDescription) at \(index)")
                #expect(scanner.isAlphanumeric(index) == CharacterClass.isAlphanumeric(character), "\(text.debugDescription) at \(index)")
            }
        }
    }

    /// Over seeded texts with URLs, whitespace of one and several bytes and characters with marks,
    /// the byte test of where a bare URL ends agrees with the characters' own (whitespace, or one
    /// of `<`, `>`, `"`) at every character.
    @Test func aURLEndsWhereItsCharactersSay() {
        let alphabet = Self.alphabet + ["<", ">", "\"", "\u{2028}", " \u{301}", "\u{3000}", "\u{85}", "\u{1C}", "<\u{338}", "(", ")", "\t"]
        var random = SeededRandom(seed: 0x0E_4D5)
        var ends = 0
        for _ in 0..<2_000 {
            let text = (0..<Int(random.next() % 24)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined()
            let scanner = InlineScanner(text, dialect: .discord)
            for index in 0..<scanner.count {
                let character = scanner.character(index)
                let expected = character.isWhitespace || "<>\"".contains(character)
                #expect(scanner.endsURL(at: index) == expected, "\(text.debugDescription) at \(index)")
                if expected { ends += 1 }
            }
        }
        #expect(ends > 3_000)
    }

    @Test func runsBetweenStopsAreText() {
        var discord = InlineScanner("x **bold** and plain words, then <@123> é👍🏽\nnext", dialect: .discord)
        #expect(
            discord.parse() == [
                .text("x "), .strong([.text("bold")]), .text(" and plain words, then "),
                .mention(MentionTarget(kind: .user, id: "123")), .text(" é👍🏽"), .lineBreak, .text("next"),
            ])
        var plain = InlineScanner("see http://e.org/a, Hh then", dialect: .plain)
        #expect(plain.parse() == [.text("see "), .link(destination: "http://e.org/a", [.text("http://e.org/a")]), .text(", Hh then")])
        var cased = InlineScanner("HtTpS://E.org/x ahttp://no Http:/no h\u{301}ttp://no", dialect: .plain)
        #expect(
            cased.parse() == [
                .link(destination: "HtTpS://E.org/x", [.text("HtTpS://E.org/x")]), .text(" ahttp://no Http:/no h\u{301}ttp://no"),
            ])
    }
}
