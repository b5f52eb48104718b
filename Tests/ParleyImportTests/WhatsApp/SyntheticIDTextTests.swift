import ParleyTestSupport
import Testing

@testable import ParleyImport

/// A synthetic id's text is written byte by byte: the ordinal in at least four decimal digits, a
/// hyphen, the FNV-1a hash in sixteen lowercase hex digits — what `String(_:radix:)` padded gives.
@Suite struct SyntheticIDTextTests {
    static func expected(ordinal: Int, hash: UInt64) -> String {
        let decimal = String(ordinal), hex = String(hash, radix: 16)
        return String(repeating: "0", count: max(0, 4 - decimal.count)) + decimal + "-" + String(repeating: "0", count: 16 - hex.count)
            + hex
    }

    @Test func theOrdinalIsPaddedAndTheHashWrittenInSixteenHexDigits() {
        #expect(SyntheticMessageID.id(ordinal: 0, hash: 0) == "0000-0000000000000000")
        #expect(SyntheticMessageID.id(ordinal: 10_000, hash: .max) == "10000-ffffffffffffffff")
        #expect(SyntheticMessageID.id(ordinal: Int.max, hash: 0xa) == "9223372036854775807-000000000000000a")
        #expect(SyntheticMessageID.hex(0x0123_4567_89ab_cdef) == "0123456789abcdef")
        var random = SeededRandom(seed: 0x4944)
        for _ in 0..<5_000 {
            let ordinal = [0, 9, 10, 999, 9_999, 10_000, 99_999, 100_000, random.below(1 << 40)][random.below(9)]
            let hash = random.next() >> UInt64(random.below(64))
            #expect(SyntheticMessageID.id(ordinal: ordinal, hash: hash) == Self.expected(ordinal: ordinal, hash: hash))
            #expect(SyntheticMessageID.hex(hash) == String(Self.expected(ordinal: 0, hash: hash).dropFirst(5)))
        }
    }

    /// FNV-1a over each added text's UTF-8 bytes and a 0x1F: values computed by hand (Python).
    @Test func theHashIsFNV1aOfTheUTF8BytesAndSeparators() {
        var text = FNV1a()
        text.add("é✓ a")
        #expect(text.value == 0x69ef_989d_16d7_3938)
        var id = FNV1a()
        id.add(Int64(1_676_282_400_000))
        id.add("Ana")
        id.add("hi")
        id.add(Int64(0))
        #expect(id.value == 0x2f18_bc21_f37a_fa62)
    }
}
