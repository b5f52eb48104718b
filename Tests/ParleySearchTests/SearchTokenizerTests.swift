import Foundation
import ParleyTestSupport
import Testing

@testable import ParleySearch

/// The tokenizer gives the terms of the shared vectors, the same file the browser suite runs
/// through `public/search.js` (`Tests/Browser/test_search_tokens.py`).
@Suite struct SearchTokenizerTests {
    struct Vector: Decodable {
        var note: String
        var text: String
        var terms: [String]
    }

    static func vectors() throws -> [Vector] {
        try JSONDecoder().decode([Vector].self, from: Data(contentsOf: TestPaths.fixture("search-tokens.json")))
    }

    @Test func theSharedVectors() throws {
        let vectors = try Self.vectors()
        #expect(vectors.count == 28)
        for vector in vectors {
            #expect(SearchTokenizer.terms(vector.text) == vector.terms, "\(vector.note)")
        }
    }

    /// Over 5,000 seeded strings drawn from the vectors' scalars: terms are never empty, never
    /// hold a separator, and tokenizing a term's text again gives the term back (folding is
    /// idempotent), except the pairs of unspaced scripts, which give themselves.
    @Test func foldingIsIdempotent() throws {
        let pool = Array(Set(try Self.vectors().flatMap { Array($0.text.unicodeScalars) }))
            .sorted { $0.value < $1.value }
        var random = SeededRandom(seed: 0x5EA4C4)
        for _ in 0..<5_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...12, using: &random) { text.append(pool[Int.random(in: 0..<pool.count, using: &random)]) }
            for term in SearchTokenizer.terms(String(text)) {
                #expect(!term.isEmpty)
                #expect(SearchTokenizer.terms(term) == [term], "\(String(text).debugDescription): \(term.debugDescription)")
            }
        }
    }

    /// Over 3,000 seeded strings of scalars drawn from the whole Unicode range (controls,
    /// unassigned code points, private use, combining marks alone, noncharacters): tokenizing never
    /// fails and never gives an empty term.
    @Test func anyScalarsGiveNonEmptyTerms() {
        var random = SeededRandom(seed: 0xBAD_5CA1A5)
        for _ in 0..<3_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...24, using: &random) {
                let value = UInt32.random(in: 0...0x10FFFF, using: &random)
                text.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            }
            #expect(SearchTokenizer.terms(String(text)).allSatisfy { !$0.isEmpty })
        }
    }

    /// Folding a segment at a time (cut at ASCII characters that are not letters or digits)
    /// equals folding the whole text, over 5,000 seeded strings mixing the vectors' scalars, ASCII
    /// punctuation, `<` `=` `>` with U+0338 after them, combining marks after ASCII letters and
    /// final sigmas.
    @Test func segmentedFoldingEqualsWholeFolding() throws {
        let extra: [Unicode.Scalar] = [
            "<", "=", ">", "\u{338}", "\u{301}", "\u{308}", "e", "E", "I", "\u{307}", "Σ", "ς", " ", ".", "-", "'", "1",
        ]
        let pool = Array(Set(try Self.vectors().flatMap { Array($0.text.unicodeScalars) } + extra)).sorted { $0.value < $1.value }
        var random = SeededRandom(seed: 0xF01D)
        for _ in 0..<5_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...16, using: &random) { text.append(pool[Int.random(in: 0..<pool.count, using: &random)]) }
            var whole: [Unicode.Scalar] = []
            SearchTokenizer.foldUnicode(String(text), into: &whole)
            var none = SearchTokenizer.FoldCache(capacity: 0)
            #expect(SearchTokenizer.fold(String(text), cache: &none) == whole, "\(String(text).debugDescription)")
        }
    }

    /// Reading a chunk at a time (cut at ASCII characters that are not letters or digits, ASCII
    /// chunks lowered without decoding) gives what the steps over the whole text's scalars give,
    /// over 5,000 seeded strings mixing the vectors' scalars (CJK, emoji and their modifiers,
    /// flags, marks) with ASCII letters, digits and punctuation.
    @Test func chunkedTermsEqualWholeTextTerms() throws {
        let ascii = Array("aZ09 Hello, World! x-y_z.#*<>=\t\n".unicodeScalars)
        let pool = Array(Set(try Self.vectors().flatMap { Array($0.text.unicodeScalars) } + ascii)).sorted { $0.value < $1.value }
        var random = SeededRandom(seed: 0xA5C11)
        for _ in 0..<5_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...24, using: &random) { text.append(pool[Int.random(in: 0..<pool.count, using: &random)]) }
            var none = SearchTokenizer.FoldCache(capacity: 0)
            #expect(
                SearchTokenizer.terms(String(text)) == SearchTokenizer.unicodeTerms(String(text), cache: &none),
                "\(String(text).debugDescription)")
        }
        #expect(SearchTokenizer.terms("Hello World") == ["hello", "world"])
        #expect(SearchTokenizer.terms("ABC123def_x") == ["abc123def", "x"])
        #expect(SearchTokenizer.terms("") == [])
        #expect(SearchTokenizer.terms("caf\u{E9} au LAIT 東京都👍🏽") == ["cafe", "au", "lait", "東京", "京都", "👍"])
    }

    /// A fold cache shared by many texts (small, so that it starts over many times; it keeps
    /// folded segments and whole chunks' terms) changes no term: over 5,000 seeded texts of words drawn from a few dozen, mixing the vectors' scalars
    /// with ASCII, each text's terms equal those of a tokenizer without a cache.
    @Test func aSharedFoldCacheChangesNoTerm() throws {
        let scalars = Array(Set(try Self.vectors().flatMap { Array($0.text.unicodeScalars) })).sorted { $0.value < $1.value }
        var random = SeededRandom(seed: 0xCAC4E)
        let words = (0..<40).map { _ in
            var word = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...5, using: &random) {
                word.append(Bool.random(using: &random) ? "É" : scalars[Int.random(in: 0..<scalars.count, using: &random)])
            }
            return String(word)
        }
        var cache = SearchTokenizer.FoldCache(capacity: 16)
        var hits = 0
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in words[Int.random(in: 0..<words.count, using: &random)] }
                .joined(separator: Bool.random(using: &random) ? " " : ", ")
            let before = cache.folded
            #expect(SearchTokenizer.terms(text, cache: &cache) == SearchTokenizer.terms(text), "\(text.debugDescription)")
            hits += before.keys.filter { text.contains($0) }.count
        }
        #expect(hits > 1_000)
        #expect(cache.folded.count <= 16)
        #expect(cache.chunkTerms.count <= 16 && !cache.chunkTerms.isEmpty)
    }
}
