import ParleyTestSupport
import Testing

@testable import ParleyFormat

/// `Substring.isBlank`, which the line parser asks of every line it trims from a paragraph,
/// answers as `allSatisfy(\.isWhitespace)` over the characters, though it reads only the first
/// byte of a line that starts with a printable ASCII character.
@Suite struct BlankLineTests {
    @Test func answersAsTheCharacters() {
        let alphabet: [String] = [
            " ", " ", "\t", "\u{0B}", "\u{0C}", "\u{00A0}", "\u{2003}", "\u{3000}", "\r\n", "\u{301}", "a", "a\u{301}", "!",
            "~", "\u{7F}", "\u{1F}", "é", "👍🏽", "\u{200B}", "\u{2028}",
        ]
        var random = SeededRandom(seed: 0xB1A4)
        var blank = 0
        for _ in 0..<20_000 {
            let text = (0..<Int(random.next() % 6)).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }.joined()
            let expected = text.allSatisfy(\.isWhitespace)
            #expect(Substring(text).isBlank == expected, "\(text.debugDescription)")
            if expected { blank += 1 }
        }
        #expect(blank > 1_000)
        #expect(Substring("").isBlank)
        #expect(!Substring("x  ").isBlank)
        #expect(Substring(" \u{3000}\t").isBlank)
    }
}
