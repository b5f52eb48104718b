import ParleyTestSupport
import Testing

@testable import ParleyJSON

/// A record taped from its bytes (`JSONTape.scanObject`) is the tape yajl's events build, or is
/// left to yajl: never a record yajl rejects, never one read differently.
@Suite struct JSONTapeScanningTests {
    /// The document `bytes` as yajl reads it (no record lists: the root is the value), or nil
    /// when yajl rejects it.
    static func yajlValue(_ bytes: [UInt8]) -> JSONValue? {
        let reader = JSONStreamReader(lists: []) { _ in }
        return try? bytes.withUnsafeBytes { buffer throws(JSONStreamError) in
            try reader.read(buffer)
            return try reader.finish()
        }
    }

    /// The tape and length `scanObject` gives for `bytes`, or nil.
    static func scan(_ bytes: [UInt8]) -> (tape: JSONTape, length: Int)? {
        var tape = JSONTape()
        guard let length = bytes.withUnsafeBytes({ tape.scanObject($0) }) else { return nil }
        return (tape, length)
    }

    /// `value` written with random whitespace between tokens, and each string character
    /// written raw or escaped (`\/`, `\b`, `\uXXXX` in either case, a surrogate pair).
    static func write(_ value: JSONValue, _ random: inout SeededRandom) -> String {
        func space() -> String { (0..<random.below(3)).map { _ in [" ", "\n", "\t", "\r\n", "        "][random.below(5)] }.joined() }
        switch value {
        case .null: return "null"
        case let .bool(flag): return flag ? "true" : "false"
        case let .number(text): return text
        case let .string(text): return quoted(text, &random)
        case let .array(elements):
            return "[" + space() + elements.map { write($0, &random) }.joined(separator: space() + "," + space()) + space() + "]"
        case let .object(object):
            let members = object.members.map { quoted($0.key, &random) + space() + ":" + space() + write($0.value, &random) }
            return "{" + space() + members.joined(separator: space() + "," + space()) + space() + "}"
        }
    }

    static func quoted(_ text: String, _ random: inout SeededRandom) -> String {
        var written = "\""
        for scalar in text.unicodeScalars {
            let mustEscape = scalar == "\"" || scalar == "\\" || scalar.value < 0x20
            guard mustEscape || random.chance(20) else {
                written.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\"": written += "\\\""
            case "\\": written += "\\\\"
            case "/": written += "\\/"
            case "\u{8}": written += "\\b"
            case "\u{C}": written += "\\f"
            case "\n": written += "\\n"
            case "\r": written += "\\r"
            case "\t": written += "\\t"
            default:
                let units = scalar.utf16.map { String($0, radix: 16, uppercase: random.chance(50)) }
                written += units.map { "\\u" + String(repeating: "0", count: 4 - $0.count) + $0 }.joined()
            }
        }
        return written + "\""
    }

    static let pieces = [
        "a", "é", "👋🏽", "\"", "\\", "/", "\n", "\r", "\t", "\u{8}", "\u{C}", "\u{0}", "\u{1F}", "日本", "\u{7F}", "\u{FFFF}", "𐍈",
    ]
    static let numbers = ["0", "-0", "7", "-1", "12345678901234567890", "1.5", "-0.25", "1e309", "2.5E-3", "3e+2", "10E5", "0.0e0"]

    static func randomObject(_ random: inout SeededRandom, depth: Int) -> JSONValue {
        JSONText.randomObject(&random, depth: depth, pieces: pieces, numbers: numbers)
    }

    /// 3,000 seeded objects, written with every kind of whitespace JSON allows and every form of
    /// escape: each is taped whole, to its length, and equal to the tape of yajl's value; cut
    /// short anywhere, none is.
    @Test func validObjectsAreTapedAsYajlReadsThem() throws {
        var random = SeededRandom(seed: 0x5441_5045)
        for round in 0..<3000 {
            let value = Self.randomObject(&random, depth: 3)
            let bytes = Array(Self.write(value, &random).utf8)
            let yajl = try #require(Self.yajlValue(bytes), "round \(round)")
            #expect(yajl == value, "round \(round)")
            let scanned = try #require(Self.scan(bytes + Array(", {}".utf8)), "round \(round): \(String(decoding: bytes, as: UTF8.self))")
            #expect(scanned.length == bytes.count, "round \(round)")
            #expect(scanned.tape == JSONTape(yajl), "round \(round)")
            #expect(Self.scan(Array(bytes[..<random.below(bytes.count)])) == nil, "round \(round)")
        }
    }

    /// What the scan leaves to yajl: it returns nil for each, and yajl decides (it takes some).
    @Test func whatTheScanDoesNotTakeOnIsLeftToYajl() {
        let leftToYajl: [(String, [UInt8], accepted: Bool)] = [
            ("a lone high surrogate", Array(#"{"a":"\ud83d"}"#.utf8), true),
            ("a lone low surrogate", Array(#"{"a":"\udc00x"}"#.utf8), true),
            ("a high surrogate before another escape", Array(#"{"a":"\ud83d\u0041"}"#.utf8), true),
            ("a vertical tab between tokens", Array("{\u{B}\"a\":1}".utf8), true),
            ("a form feed between tokens", Array("{\"a\":\u{C}1}".utf8), true),
            ("an overlong form", [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xC0, 0x80, 0x22, 0x7D], true),
            ("a UTF-8 surrogate", [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x7D], true),
            ("a raw control character", Array("{\"a\":\"\u{1}\"}".utf8), false),
            ("a lone continuation byte", [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0x80, 0x22, 0x7D], true),
            ("a trailing comma", Array(#"{"a":1,}"#.utf8), false),
            ("a trailing comma in an array", Array(#"{"a":[1,]}"#.utf8), false),
            ("a leading zero", Array(#"{"a":01}"#.utf8), false),
            ("a minus alone", Array(#"{"a":-}"#.utf8), false),
            ("a fraction without digits", Array(#"{"a":1.}"#.utf8), false),
            ("an exponent without digits", Array(#"{"a":1e+}"#.utf8), false),
            ("a literal run on", Array(#"{"a":truex}"#.utf8), false),
            ("a misspelt literal", Array(#"{"a":nul}"#.utf8), false),
            ("a missing colon", Array(#"{"a" 1}"#.utf8), false),
            ("a key that is not a string", Array(#"{1:1}"#.utf8), false),
            ("an unknown escape", Array(#"{"a":"\x41"}"#.utf8), false),
            ("a short hex escape", Array(#"{"a":"\u12"}"#.utf8), false),
            ("a mismatched bracket", Array(#"{"a":[1}"#.utf8), false),
            ("a comment", Array(#"{/* c */"a":1}"#.utf8), false),
        ]
        for (name, bytes, accepted) in leftToYajl {
            #expect(Self.scan(bytes) == nil, "\(name)")
            #expect((Self.yajlValue(bytes) != nil) == accepted, "\(name)")
        }
    }

    /// 20,000 seeded corruptions of valid objects (a byte changed, inserted or removed): whatever
    /// the scan tapes, yajl reads as a valid document and to the same tape.
    @Test func corruptedObjectsAreTapedOnlyAsYajlReadsThem() {
        var random = SeededRandom(seed: 0x4D55_5441)
        let interesting: [UInt8] = Array(#"{}[]",:\/u0123456789-+.eE tfnrl"#.utf8) + [0x00, 0x0B, 0x0C, 0x80, 0xC0, 0xED, 0xF4, 0xFF]
        var taped = 0
        for round in 0..<20_000 {
            var bytes = Array(Self.write(Self.randomObject(&random, depth: 2), &random).utf8)
            for _ in 0...random.below(2) {
                let at = 1 + random.below(bytes.count)
                let byte = random.chance(70) ? interesting[random.below(interesting.count)] : UInt8(random.below(256))
                switch random.below(3) {
                case 0 where at < bytes.count: bytes[at] = byte
                case 1: bytes.insert(byte, at: at)
                default: if at < bytes.count { bytes.remove(at: at) }
                }
            }
            guard let scanned = Self.scan(bytes) else { continue }
            taped += 1
            let value = Self.yajlValue(Array(bytes[..<scanned.length]))
            #expect(value.map(JSONTape.init) == scanned.tape, "round \(round): \(bytes)")
        }
        // Many corruptions land in strings, where they stay valid: the scan is not simply refusing
        // (3,918 of these 20,000 are taped).
        #expect(taped > 3000)
    }
}
