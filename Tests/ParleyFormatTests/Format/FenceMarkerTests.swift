import ParleyTestSupport
import Testing

@testable import ParleyFormat

/// A fence is searched for by characters only where the bytes hold three backticks in a row: the
/// byte test never passes over a marker the characters spell, and a line with single backticks
/// is not searched.
@Suite struct FenceMarkerTests {
    /// Backticks alone, doubled and tripled, with a combining mark, after a prepended mark (which
    /// joins the next character), line breaks and other text.
    static let pieces = ["`", "`", "``", "```", "`\u{301}", "\u{600}`", "\n", "a", " ", "é", "👍🏽", "\r\n", "x`y"]

    /// Over 20,000 seeded texts, wherever the characters spell ```` ``` ````, the bytes hold three
    /// backticks in a row; and where they spell it, the byte test says so.
    @Test func theByteTestPassesOverNoMarker() {
        var random = SeededRandom(seed: 0xFE_4CE)
        var spelled = 0, skipped = 0
        for _ in 0..<20_000 {
            let text = (0..<random.below(12)).map { _ in Self.pieces[random.below(Self.pieces.count)] }.joined()
            let found = Substring(text).firstRange(of: "```") != nil
            let may = Fence.mayHoldMarker(Substring(text))
            #expect(!found || may, "\(text.debugDescription)")
            if found { spelled += 1 }
            if !may { skipped += 1 }
        }
        #expect(spelled > 2_000 && skipped > 2_000)
        #expect(!Fence.mayHoldMarker("a `b` and ``c``"))
        #expect(Fence.mayHoldMarker("```"))
        // The bytes of a backtick with a mark still count: the search by characters decides.
        #expect(Fence.mayHoldMarker("```\u{301}"))
        #expect(Substring("```\u{301}").firstRange(of: "```") == nil)
    }

    @Test func aFenceIsFoundAsBefore() {
        let text: Substring = "see ```swift\nlet x = 1\n``` after"
        let fence = Fence.find(in: text, lineEnd: text.firstIndex(of: "\n")!, dialect: .discord)
        #expect(fence?.language == "swift")
        #expect(fence?.code == "let x = 1")
        #expect(fence?.rest == " after")
        let single: Substring = "a `b` c\nd `e` f"
        #expect(Fence.find(in: single, lineEnd: single.firstIndex(of: "\n")!, dialect: .discord) == nil)
    }
}
