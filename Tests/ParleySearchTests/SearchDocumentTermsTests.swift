import ParleyModel
import ParleyTestSupport
import Testing

@testable import ParleySearch

/// The `has:link` and `from:` terms of a document: over seeded texts, `has:link` exactly when the
/// text, in lower case, holds `http://` or `https://`; `from:` each term of the author's names
/// once, in order of first appearance, for short names and for names of more terms than the
/// short scan takes.
@Suite struct SearchDocumentTermsTests {
    @Test func aWebLinkIsHTTPOrHTTPSInAnyCase() {
        let pieces = ["http", "HTTPS", "hTtP", "s", "://", ":/", "/", ":", "x", " ", "é", "h", "ttp", "🔗"]
        var random = SeededRandom(seed: 0x11E)
        var found = 0
        for _ in 0..<5_000 {
            let text = (0..<random.below(8)).map { _ in pieces[random.below(pieces.count)] }.joined()
            let lowered = text.lowercased()
            let expected = lowered.contains("http://") || lowered.contains("https://")
            #expect(SearchDocument.hasWebLink(text) == expected, "\(text)")
            if expected { found += 1 }
        }
        #expect(found > 200)
    }

    @Test func fromTermsAreEachNameTermOnceInOrder() {
        func fromTerms(_ name: String, _ shown: String?) -> [String] {
            let message = Message(
                id: MessageID("1"), channel: ChannelID("c"), author: Author(id: AuthorID("a"), name: name, displayName: shown),
                timestamp: Timestamp(milliseconds: 0), content: Content(text: ""))
            return SearchDocument(message).terms.filter { $0.hasPrefix("from:") }
        }
        #expect(fromTerms("ana", nil) == ["from:ana"])
        #expect(fromTerms("ana_b", "Ana B Ana") == ["from:ana", "from:b"])
        let long = (0..<40).map { "w\($0 % 25)" }.joined(separator: " ")
        #expect(fromTerms("w3 w30", long) == (0..<25).map { "from:w\($0)" } + ["from:w30"])
    }
}
