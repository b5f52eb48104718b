import ParleyTestSupport
import Testing

@testable import ParleySearch

/// A posting list gives back exactly the documents added, in order.
@Suite struct PostingListTests {
    /// Over 2,000 seeded lists: increasing runs, repeats, jumps back (a channel with a lower
    /// range after one with a higher) and the extremes 0 and 2^32 − 1.
    @Test func documentsComeBackAsAdded() {
        var random = SeededRandom(seed: 0x9057)
        for _ in 0..<2_000 {
            var list = PostingList()
            var added: [UInt32] = []
            var document = UInt32.random(in: 0...1_000, using: &random)
            for _ in 0..<Int.random(in: 0...60, using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0: document = 0
                case 1: document = UInt32.max
                case 2: document = UInt32.random(in: 0...UInt32.max, using: &random)
                case 3: break
                default: document = document &+ UInt32.random(in: 1...300, using: &random)
                }
                list.append(document)
                added.append(document)
            }
            #expect(list.documents() == added)
        }
    }

    /// One document is held inline, with no heap bytes; from the second, four bytes hold the
    /// last document, differences below 64 either way take a byte each (the first counted from
    /// 0), 64 takes two, a jump to 2^32 − 1 five; either way 8 bytes in the term table.
    @Test func smallDifferencesTakeOneByte() {
        var list = PostingList()
        #expect(list.documents() == [])
        #expect(list.byteCount == 0)
        list.append(7)
        #expect(list.byteCount == 0)
        #expect(list.documents() == [7])
        list.append(7)
        #expect(list.byteCount == 6)
        #expect(list.documents() == [7, 7])
        list = PostingList()
        list.append(UInt32.max)
        #expect(list.byteCount == 0 && list.documents() == [UInt32.max])
        list.append(0)
        #expect(list.byteCount == 14 && list.documents() == [UInt32.max, 0])
        list = PostingList()
        for document: UInt32 in [0, 1, 2, 2, 60, 63, 0] { list.append(document) }
        #expect(list.documents() == [0, 1, 2, 2, 60, 63, 0])
        #expect(list.byteCount == 11)
        list.append(64)
        #expect(list.byteCount == 13)
        list.append(UInt32.max)
        #expect(list.byteCount == 18)
        #expect(list.documents().suffix(2) == [64, UInt32.max])
        #expect(MemoryLayout<PostingList>.stride == 8)
    }
}
