import ParleyTestSupport
import Testing

@testable import ParleyHTML

/// `HTMLWriter.text` writes every byte of a text as the escaping rules say: `& < > " '` as
/// entities, the C0 controls but tab, line feed and carriage return, and DEL as U+FFFD, every
/// other byte (non-ASCII UTF-8 included) as it is.
@Suite struct HTMLEscapingTests {
    /// What a byte of text becomes, written out case by case.
    static func expected(_ byte: UInt8) -> [UInt8] {
        switch byte {
        case UInt8(ascii: "&"): return Array("&amp;".utf8)
        case UInt8(ascii: "<"): return Array("&lt;".utf8)
        case UInt8(ascii: ">"): return Array("&gt;".utf8)
        case UInt8(ascii: "\""): return Array("&quot;".utf8)
        case UInt8(ascii: "'"): return Array("&#39;".utf8)
        case 0x09, 0x0A, 0x0D: return [byte]
        case 0x00..<0x20, 0x7F: return Array("\u{FFFD}".utf8)
        default: return [byte]
        }
    }

    @Test func everyASCIIByteIsWrittenAsTheRulesSay() {
        for byte in UInt8(0)..<0x80 {
            var writer = HTMLWriter()
            writer.text("a" + String(decoding: [byte], as: UTF8.self) + "b")
            #expect(writer.bytes == [0x61] + Self.expected(byte) + [0x62], "byte \(byte)")
        }
        var mask: UInt64 = 0
        for byte in UInt8(0)..<0x40 where Self.expected(byte) != [byte] { mask |= 1 << UInt64(byte) }
        #expect(HTMLWriter.escapedBelow0x40 == mask)
    }

    /// Every ASCII byte at every place of a 40-byte text, and two of them anywhere in it: inside
    /// a block of 16 bytes that the writer passes over whole when it holds nothing to replace, at
    /// a block's edges and in the tail shorter than a block.
    @Test func everyASCIIByteIsWrittenAsTheRulesSayAtEveryPlace() {
        for byte in UInt8(0)..<0x80 {
            for place in 0..<40 {
                var text = [UInt8](repeating: UInt8(ascii: "a"), count: 40)
                text[place] = byte
                var writer = HTMLWriter()
                writer.text(String(decoding: text, as: UTF8.self))
                #expect(writer.bytes == text.flatMap(Self.expected), "byte \(byte) at \(place)")
            }
        }
        var random = SeededRandom(seed: 0xB10C)
        for _ in 0..<3_000 {
            var text = [UInt8](repeating: UInt8(ascii: "z"), count: 16 + random.below(50))
            for _ in 0..<2 { text[random.below(text.count)] = UInt8(random.below(0x80)) }
            var writer = HTMLWriter()
            writer.text(String(decoding: text, as: UTF8.self))
            #expect(writer.bytes == text.flatMap(Self.expected), "\(text)")
        }
    }

    @Test func seededTextsAreEscapedByteForByte() {
        let alphabet = Array("aZ09 <>&\"'\t\n\r\u{0}\u{1B}\u{7F}é👍🏽·".unicodeScalars)
        var random = SeededRandom(seed: 0xE5C)
        for _ in 0..<3_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int(random.next() % 80) { text.append(alphabet[Int(random.next() % UInt64(alphabet.count))]) }
            let string = String(text)
            var writer = HTMLWriter()
            writer.text(string)
            #expect(writer.bytes == string.utf8.flatMap(Self.expected), "\(string.debugDescription)")
        }
    }
}
