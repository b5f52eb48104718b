import Foundation
import ParleyTestSupport
import Testing

@testable import ParleySearch

/// The index's JSON strings.
@Suite struct SearchScriptTests {
    /// Over 3,000 seeded strings of every ASCII byte (controls, `"`, `\`, DEL) and scalars above
    /// ASCII: a JSON parser reads the string back, escapes are exactly the documented ones, and no
    /// raw control character is left.
    @Test func stringsReadBackAsJSON() throws {
        let pool: [Unicode.Scalar] = (0...0x7F).compactMap(Unicode.Scalar.init) + ["é", "東", "\u{2028}", "😀", "\u{FEFF}"]
        var random = SeededRandom(seed: 0x5C817)
        for _ in 0..<3_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...40, using: &random) { text.append(pool[Int.random(in: 0..<pool.count, using: &random)]) }
            var script = SearchScript()
            script.string(String(text))
            #expect(try JSONDecoder().decode(String.self, from: Data(script.bytes)) == String(text))
            #expect(!script.bytes.contains { $0 < 0x20 })
        }
        var script = SearchScript()
        script.string("a\"b\\c\nd\u{1}\u{7F}é")
        #expect(String(decoding: script.bytes, as: UTF8.self) == #""a\"b\\c\nd\u0001\u007fé""#)
    }
}
