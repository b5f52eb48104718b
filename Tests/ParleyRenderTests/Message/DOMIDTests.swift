import ParleyTestSupport
import Testing

@testable import ParleyRender

/// A message's DOM id keeps `[A-Za-z0-9_-]` and writes every other UTF-8 byte as `.XX`.
@Suite struct DOMIDTests {
    @Test func listedIDs() {
        #expect(DOMID.message("1045178587575242785") == "m-1045178587575242785")
        #expect(DOMID.message("1704103200.000100") == "m-1704103200.2E000100")
        #expect(DOMID.message("1704189600.000300-thread") == "m-1704189600.2E000300-thread")
        #expect(DOMID.message("$a b/é") == "m-.24a.20b.2F.C3.A9")
        #expect(DOMID.message("") == "m-")
        #expect(DOMID.message("\u{0}\u{7F}") == "m-.00.7F")
    }

    /// 5,000 seeded ids of kept characters, punctuation, spaces and multi-byte scalars: each byte
    /// as the specification writes it, and distinct ids stay distinct.
    @Test func everyByteIsKeptOrWrittenInHex() {
        let pool = Array("aZ09_-.:/ $%+é日👋\u{0}")
        var random = SeededRandom(seed: 0x444F_4D49)
        var encodedByID: [String: String] = [:]
        for round in 0..<5_000 {
            let id = String((0..<random.below(24)).map { _ in pool[random.below(pool.count)] })
            let expected = id.utf8.map { byte in
                let kept =
                    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D
                    || byte == 0x5F
                guard !kept else { return String(UnicodeScalar(byte)) }
                let hex = String(byte, radix: 16, uppercase: true)
                return "." + (hex.count == 1 ? "0" + hex : hex)
            }.joined()
            let encoded = DOMID.encode(id)
            #expect(encoded == expected, "round \(round): \(id.debugDescription)")
            encodedByID[id] = encoded
        }
        #expect(Set(encodedByID.values).count == encodedByID.count)
    }
}
