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
    /// and joining the words with one space (the path every non-ASCII text takes).
    @Test func asciiTextsCollapseAsCharacterSplittingDoes() {
        var random = SeededRandom(seed: 0x5E_C0A5)
        for _ in 0..<5_000 {
            let text = (0..<random.below(24)).map { _ in Self.pieces[random.below(Self.pieces.count)] }.joined()
            #expect(MessageText.collapsingWhitespace(text) == text.split(whereSeparator: \.isWhitespace).joined(separator: " "))
        }
    }

    @Test func whitespaceRunsBecomeOneSpaceAndTheEndsNone() {
        #expect(MessageText.collapsingWhitespace("\r\n  a\t\u{B}b \r\nc\u{C}\n") == "a b c")
        #expect(MessageText.collapsingWhitespace(" \t\r\n") == "")
        #expect(MessageText.collapsingWhitespace("") == "")
        #expect(MessageText.collapsingWhitespace("東京\u{3000} ok\u{A0}\u{2028}x") == "東京 ok x")
        #expect(MessageText.collapsingWhitespace(" \u{301}a") == "a")
    }
}
