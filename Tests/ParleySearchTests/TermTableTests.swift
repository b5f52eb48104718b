import ParleyTestSupport
import Testing

@testable import ParleySearch

/// The term table holds each term's postings as a dictionary of terms would, through its growth.
@Suite struct TermTableTests {
    /// Over 60,000 seeded postings of 5,000 terms (ASCII and not, short and past 15 bytes, a
    /// prefix of another, the empty term), the table holds exactly the terms a dictionary holds,
    /// each with the documents added to it, in order, repeats included.
    @Test func itHoldsWhatADictionaryHolds() {
        var random = SeededRandom(seed: 0x7AB1E)
        let words = ["a", "ab", "abc", "é", "東京", "👍", "", "x"]
        let vocabulary = (0..<5_000).map { number in
            words[number % words.count] + (number < words.count ? "" : String(number, radix: 36))
                + (number % 7 == 0 ? "-a-term-longer-than-fifteen-bytes" : "")
        }
        var table = TermTable()
        var reference: [String: [UInt32]] = [:]
        var document: UInt32 = 0
        for _ in 0..<60_000 {
            let term = vocabulary[random.below(random.chance(80) ? 200 : vocabulary.count)]
            if random.chance(10) {
                let documents = (0..<random.below(4)).map { _ in UInt32(random.below(1_000_000)) }
                table.append(contentsOf: documents, to: term)
                reference[term, default: []].append(contentsOf: documents)
            } else {
                if random.chance(70) { document += UInt32(random.below(3)) }
                table.append(document, to: term)
                reference[term, default: []].append(document)
            }
        }
        let held = table.sorted(by: SearchIndexBuilder.precedes)
        #expect(table.count == reference.count)
        #expect(held.map(\.key) == reference.keys.sorted(by: SearchIndexBuilder.precedes))
        for (term, list) in held { #expect(list.documents() == reference[term], "\(term.debugDescription)") }
        #expect(reference.count > 4_000)
    }

    @Test func termsAreTheirBytes() {
        var table = TermTable()
        table.append(1, to: "cafe")
        table.append(2, to: "café")
        table.append(3, to: "cafe")
        table.append(4, to: "cafe\u{301}")
        table.append(contentsOf: [], to: "")
        let held = table.sorted(by: SearchIndexBuilder.precedes)
        // The decomposed é is another term: the tokenizer never gives one (it composes), and
        // `search.js` would not find it by the composed one.
        #expect(held.map(\.key.unicodeScalars.count) == [0, 4, 5, 4])
        #expect(held.map { $0.value.documents() } == [[], [1, 3], [4], [2]])
    }
}
