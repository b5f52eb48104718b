import ParleyTestSupport
import Testing

@testable import ParleyStore

/// The Bloom filter of a store's first fill never forgets an id it was given, and errs the other
/// way about as often as a split-block filter of its size and load should.
@Suite struct SightingFilterTests {
    static func id(_ random: inout SeededRandom) -> String {
        let alphabet = Array("0123456789abcdef-_é✓")
        return String((0..<(1 + random.below(24))).map { _ in alphabet[random.below(alphabet.count)] })
    }

    @Test func anIdGivenIsAlwaysMetAndAnIdNotGivenMostlyNot() {
        var random = SeededRandom(seed: 41)
        var filter = SightingFilter()
        var given: [(Int64, String)] = []
        var seen: Set<String> = []
        for _ in 0..<20_000 {
            let channel = Int64(random.below(3)), id = Self.id(&random)
            let isNew = seen.insert("\(channel)/\(id)").inserted
            let met = filter.insert(channel: channel, id: id)
            // A repeat is always met; with 2^18 blocks and 20,000 ids a new one is never met.
            #expect(met == !isNew)
            given.append((channel, id))
        }
        for (channel, id) in given { #expect(filter.contains(channel: channel, id: id)) }
        // The channel is part of the key: the same ids in other channels are new. (Seeding XXH3
        // with the channel made "aed" of channel 0 and "aec" of channel 1 one key.)
        #expect(given.filter { filter.contains(channel: $0.0 + 3, id: $0.1) }.isEmpty)
    }

    /// 16 blocks holding 1,000 ids, about 62 a block: each id sets one bit of each of its block's
    /// eight words, so a bit is set with chance 1 - (63/64)^62.5 = 0.63 and a new id is met with
    /// chance about 0.63^8 = 0.024 (a little more with the blocks' uneven loads). Over 50,000 new
    /// ids the rate is within [0.015, 0.06]; a filter that probed fewer bits, or one word, would
    /// miss that band.
    @Test func aSmallFilterErrsAtTheRateItsLoadGives() {
        var random = SeededRandom(seed: 7)
        var filter = SightingFilter(blocks: 16)
        for index in 0..<1_000 { _ = filter.insert(channel: 0, id: "given-\(index)") }
        for index in 0..<1_000 { #expect(filter.contains(channel: 0, id: "given-\(index)")) }
        var met = 0
        for _ in 0..<50_000 where filter.contains(channel: 0, id: "new-" + Self.id(&random) + "-\(random.next())") { met += 1 }
        let rate = Double(met) / 50_000
        #expect(rate > 0.015 && rate < 0.06, "false met rate \(rate)")
    }

    @Test func blocksAreRoundedUpToAPowerOfTwo() {
        var filter = SightingFilter(blocks: 3)
        let first = filter.insert(channel: 1, id: "a"), again = filter.insert(channel: 1, id: "a")
        #expect(!first && again)
        var one = SightingFilter(blocks: 0)
        let empty = one.insert(channel: 0, id: "")
        #expect(!empty && one.contains(channel: 0, id: ""))
    }
}
