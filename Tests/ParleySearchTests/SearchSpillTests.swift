import Foundation
import ParleyTestSupport
import Testing

@testable import ParleySearch

/// A search index whose terms pass its budget spills them, sorted, to a temporary file, and the
/// files it makes are the same bytes as when every term stays in memory.
@Suite struct SearchSpillTests {
    /// Characters whose UTF-8 and UTF-16 orders differ (U+E000–U+FFFF against past U+FFFF), and others.
    static let alphabet: [String] = ["a", "b", "z", "0", "é", "東", "\u{E000}", "ｱ", "\u{FFFD}", "😀", "𝄞", "\u{10FFFF}", "ß"]

    static func term(_ random: inout SeededRandom) -> String {
        (0..<(1 + random.below(4))).map { _ in alphabet[random.below(alphabet.count)] }.joined()
    }

    /// 5,000 seeded pairs of terms: the order read from UTF-8 bytes is the order of UTF-16 code
    /// units, where a surrogate pair (D800–DBFF) comes before U+E000–U+FFFF.
    @Test func termsAreInUTF16Order() {
        var random = SeededRandom(seed: 0x5B111)
        var disagreeWithBytes = 0
        for _ in 0..<5000 {
            let (left, right) = (Self.term(&random), Self.term(&random))
            #expect(SearchIndexBuilder.precedes(left, right) == left.utf16.lexicographicallyPrecedes(right.utf16), "\(left) \(right)")
            if left.utf16.lexicographicallyPrecedes(right.utf16) != left.utf8.lexicographicallyPrecedes(right.utf8) {
                disagreeWithBytes += 1
            }
        }
        #expect(disagreeWithBytes > 100)
        #expect(SearchIndexBuilder.precedes("😀", "\u{E000}"))
        #expect(!SearchIndexBuilder.precedes("\u{E000}", "😀"))
        #expect(SearchIndexBuilder.precedes("a", "ab"))
        #expect(!SearchIndexBuilder.precedes("ab", "ab"))
        #expect(SearchIndexBuilder.precedes("", "a"))
    }

    /// Adds the same seeded documents to `builders`: terms drawn from a few frequent words, the
    /// alphabet's terms and numbers said once; some postings added out of order, as a kept page's are.
    static func add(seed: UInt64, documents: Int, to builders: inout [SearchIndexBuilder]) {
        var random = SeededRandom(seed: seed)
        var document: UInt32 = 0
        for _ in 0..<documents {
            document += UInt32(1 + random.below(3))
            var terms = ["every"]
            for _ in 0..<random.below(8) {
                switch random.below(3) {
                case 0: terms.append(["alpha", "beta", "gamma", "delta"][random.below(4)])
                case 1: terms.append(term(&random))
                default: terms.append(String(random.below(1 << 40), radix: 10))
                }
            }
            for index in builders.indices { builders[index].add(document, terms: terms) }
            if random.below(50) == 0 {
                let kept = (0..<(1 + random.below(5))).map { _ in UInt32(random.below(Int(document) + 1)) }
                let term = term(&random)
                for index in builders.indices { builders[index].add(kept, term: term) }
            }
        }
    }

    /// 1,000 seeded indexes of 1 to 400 documents, each built with its terms held and with a budget
    /// of 64 to 8,192 bytes (spilled up to hundreds of times): the same shards, first terms and
    /// chunks, byte for byte.
    @Test func spilledTermsGiveTheSameFiles() throws {
        var budgets = SeededRandom(seed: 0xB0D6E7)
        var runs = 0
        for seed in UInt64(0)..<1000 {
            var builders = [
                SearchIndexBuilder(spillBudget: .max), SearchIndexBuilder(spillBudget: [64, 512, 2048, 8192][budgets.below(4)]),
            ]
            Self.add(seed: seed, documents: 1 + Int(seed % 400), to: &builders)
            let held = try builders[0].files(channelRanges: [0..<4096])
            let spilled = try builders[1].files(channelRanges: [0..<4096])
            #expect(builders[0].spilledRuns == 0)
            runs += builders[1].spilledRuns
            #expect(spilled.shards.map(\.first) == held.shards.map(\.first), "seed \(seed)")
            #expect(spilled.shards.map(\.file) == held.shards.map(\.file), "seed \(seed)")
            #expect(spilled.chunks == held.chunks, "seed \(seed)")
        }
        #expect(runs > 20_000)
    }

    /// A term in every one of 12,000 documents (numbered up to about 24,000), spilled 24 times, is
    /// chunked as when held — one chunk in each channel's range —: its postings come back from
    /// every run and from memory.
    @Test func frequentTermsSpilledAreChunkedTheSame() throws {
        var builders = [SearchIndexBuilder(spillBudget: .max), SearchIndexBuilder(spillBudget: 64 << 10)]
        Self.add(seed: 7, documents: 12_000, to: &builders)
        let held = try builders[0].files(channelRanges: [0..<16384, 16384..<65536])
        let spilled = try builders[1].files(channelRanges: [0..<16384, 16384..<65536])
        #expect(builders[1].spilledRuns == 24)
        #expect(held.chunks.count == 2)
        #expect(spilled.chunks == held.chunks)
        #expect(spilled.shards.map(\.file) == held.shards.map(\.file))
        let shard = try #require(held.shards.first { String(decoding: $0.file.bytes, as: UTF8.self).contains(#""every":[12000,"#) })
        #expect(String(decoding: shard.file.bytes, as: UTF8.self).contains(#""every":[12000,[["#))
    }

    /// A spill that cannot make its file is reported when the files are made, naming the file.
    @Test func aSpillThatFailsIsReported() {
        var builder = SearchIndexBuilder(spillBudget: 0, spillFolder: "/nonexistent-parley-folder")
        builder.add(0, terms: ["picnic"])
        #expect(builder.spilledRuns == 0)
        #expect(
            throws: SearchIndexError.spillFailed(
                path: "/nonexistent-parley-folder/parley-search-XXXXXX", reason: "cannot make a temporary file: No such file or directory")
        ) {
            try builder.files(channelRanges: [0..<1024]) { _ in }
        }
    }
}
