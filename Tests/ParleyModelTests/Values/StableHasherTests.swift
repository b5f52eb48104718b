import ParleyModel
import Testing

/// `StableHasher` is FNV-1a 64 (the published test vectors), and feeds values with their length so
/// concatenations differ.
@Suite struct StableHasherTests {
    @Test func fnv1aTestVectors() {
        #expect(StableHasher().digest == 0xcbf2_9ce4_8422_2325)
        #expect(StableHasher.digest(of: "") == 0xcbf2_9ce4_8422_2325)
        #expect(StableHasher.digest(of: "a") == 0xaf63_dc4c_8601_ec8c)
        #expect(StableHasher.digest(of: "foobar") == 0x8594_4171_f739_67e8)
    }

    @Test func valuesAreFedWithTheirLength() {
        var first = StableHasher(), second = StableHasher()
        first.feed("ab")
        first.feed("c")
        second.feed("a")
        second.feed("bc")
        #expect(first.digest != second.digest)
        var number = StableHasher()
        number.feed(UInt64(0x0102_0304_0506_0708))
        var bytes = StableHasher()
        bytes.feed(bytes: [8, 7, 6, 5, 4, 3, 2, 1])
        #expect(number.digest == bytes.digest, "integers are fed little-endian")
        var negative = StableHasher()
        negative.feed(Int64(-1))
        var ones = StableHasher()
        ones.feed(UInt64.max)
        #expect(negative.digest == ones.digest)
    }
}
