import ParleyTestSupport
import Testing

@testable import ParleyDigest

/// XXH3-64 as xxHash defines it: the reference values of its test suite, and the seed changing
/// every digest.
@Suite struct RecordDigestTests {
    static func digest(_ text: String, seed: UInt64) -> UInt64 {
        Array(text.utf8).withUnsafeBytes { RecordDigest.digest($0, seed: seed) }
    }

    @Test func referenceValues() {
        // xxHash 0.8's `XXH3_64bits` of the empty input, and of "a" and "abc" (`xxhsum -H3`).
        #expect(Self.digest("", seed: 0) == 0x2D06_8005_38D3_94C2)
        #expect(Self.digest("a", seed: 0) == 0xE6C6_32B6_1E96_4E1F)
        #expect(Self.digest("abc", seed: 0) == 0x78AF_5F94_892F_3950)
    }

    /// Over 2,000 seeded byte strings: a different seed, or one byte changed, gives another digest.
    @Test func everyByteAndTheSeedCount() {
        var random = SeededRandom(seed: 0x0D16)
        for _ in 0..<2000 {
            var bytes = (0..<(1 + random.below(300))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let seed = random.next()
            let digest = bytes.withUnsafeBytes { RecordDigest.digest($0, seed: seed) }
            #expect(bytes.withUnsafeBytes { RecordDigest.digest($0, seed: seed &+ 1) } != digest)
            bytes[random.below(bytes.count)] ^= UInt8(1 + random.below(255))
            #expect(bytes.withUnsafeBytes { RecordDigest.digest($0, seed: seed) } != digest)
        }
    }
}
