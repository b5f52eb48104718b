import ParleyJSON
import ParleyTestSupport
import Testing

/// Invalid UTF-8 in a string is read as U+FFFD, as `String(decoding:as:)` reads it, in trees and
/// tapes alike, and the reader tells which records held some; the parse goes on.
@Suite struct InvalidUTF8Tests {
    /// What a read of `bytes` gave: each record's text as JSON, whether the reader said it held
    /// invalid UTF-8, and the envelope; nil when it failed.
    static func read(_ bytes: [UInt8], tapes: Bool, chunk: Int = .max) -> (records: [(String, Bool)], envelope: JSONValue)? {
        var records: [(String, Bool)] = []
        weak var current: JSONStreamReader?
        let reader = JSONStreamReader(lists: ["messages"], tapeLists: tapes ? ["messages"] : []) { event in
            switch event {
            case let .record(_, _, _, value): records.append((JSONText.write(value), current?.takeInvalidUTF8InRecord() ?? false))
            case let .tapedRecord(_, _, _, tape):
                records.append((JSONText.write(tape.value()), current?.takeInvalidUTF8InRecord() ?? false))
            case .listStarted, .listEnded: break
            }
        }
        current = reader
        do throws(JSONStreamError) {
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + min(chunk, bytes.count))
                let fed = bytes[start..<end].withUnsafeBytes { buffer in Result { () throws(JSONStreamError) in try reader.read(buffer) } }
                try fed.get()
                start = end
            }
            return (records, try reader.finish())
        } catch {
            return nil
        }
    }

    /// A document of three messages, the second's text `"a" + bad + "b"` (or ending in `bad`).
    static func document(_ bad: [UInt8], atEnd: Bool) -> [UInt8] {
        Array(#"{"x": 1, "messages": [{"t": "one"}, {"t": "a"#.utf8) + bad + Array((atEnd ? "" : "b").utf8)
            + Array(#""}, {"t": "three"}]}"#.utf8)
    }

    static let patterns: [(name: String, bytes: [UInt8], atEnd: Bool, text: String)] = [
        ("a lone continuation byte", [0x80], false, "a\u{FFFD}b"),
        ("a 2-byte sequence cut at the end", [0xC3], true, "a\u{FFFD}"),
        ("a 3-byte sequence cut at the end", [0xE2, 0x82], true, "a\u{FFFD}"),
        ("a 4-byte sequence cut at the end", [0xF0, 0x9F, 0x98], true, "a\u{FFFD}"),
        ("an overlong form", [0xC0, 0x80], false, "a\u{FFFD}\u{FFFD}b"),
        ("a UTF-8 surrogate", [0xED, 0xA0, 0x80], false, "a\u{FFFD}\u{FFFD}\u{FFFD}b"),
        ("FF", [0xFF], false, "a\u{FFFD}b"),
        ("FF FE C3 28", [0xFF, 0xFE, 0xC3, 0x28], false, "a\u{FFFD}\u{FFFD}\u{FFFD}(b"),
    ]

    @Test(arguments: [false, true])
    func eachPatternIsReadAsReplacementCharactersInItsRecordAlone(tapes: Bool) throws {
        for pattern in Self.patterns {
            for chunk in [Int.max, 7, 1] {
                let read = try #require(
                    Self.read(Self.document(pattern.bytes, atEnd: pattern.atEnd), tapes: tapes, chunk: chunk), "\(pattern.name)")
                #expect(
                    read.records.map(\.0) == [#"{"t":"one"}"#, #"{"t":"\#(pattern.text)"}"#, #"{"t":"three"}"#],
                    "\(pattern.name), chunk \(chunk)")
                #expect(read.records.map(\.1) == [false, true, false], "\(pattern.name), chunk \(chunk)")
                #expect(JSONText.write(read.envelope) == #"{"x":1,"messages":[]}"#)
            }
        }
    }

    @Test(arguments: [false, true])
    func aKeyIsReadAlike(tapes: Bool) throws {
        let bytes = Array(#"{"messages": [{"k"#.utf8) + [0xFF] + Array(#"": 1}, {"k": 2}]}"#.utf8)
        let read = try #require(Self.read(bytes, tapes: tapes))
        #expect(read.records.map(\.0) == ["{\"k\u{FFFD}\":1}", #"{"k":2}"#])
        #expect(read.records.map(\.1) == [true, false])
    }

    @Test func theEnvelopeIsReadAlikeAndToldApart() throws {
        let bytes = Array(#"{"name": "a"#.utf8) + [0xC0, 0x80] + Array(#"", "messages": [{"t": "ok"}]}"#.utf8)
        var tells: [Bool] = []
        let reader = JSONStreamReader(lists: ["messages"]) { _ in }
        let envelope = try bytes.withUnsafeBytes { buffer throws(JSONStreamError) in
            try reader.read(buffer)
            tells.append(reader.takeInvalidUTF8InRecord())
            return try reader.finish()
        }
        #expect(JSONText.write(envelope) == "{\"name\":\"a\u{FFFD}\u{FFFD}\",\"messages\":[]}")
        #expect(tells == [false] && reader.invalidUTF8OutsideRecords)
    }

    @Test func validTextIsNeitherChangedNorTold() throws {
        let bytes = Self.document(Array("é€😀".utf8), atEnd: false)
        for tapes in [false, true] {
            let read = try #require(Self.read(bytes, tapes: tapes, chunk: 5))
            #expect(read.records.map(\.0)[1] == #"{"t":"aé€😀b"}"#)
            #expect(read.records.map(\.1) == [false, false, false])
        }
    }

    /// 3,000 seeded strings of ASCII, multi-byte characters and escapes with random bytes of 0x80
    /// and above inserted: each reads as `String(decoding:as:)` reads its unescaped bytes, and is
    /// told as invalid exactly when those are not valid UTF-8, as a tree and as a tape, in chunks.
    @Test func randomInvalidBytesReadAsStringDecodingReadsThem() throws {
        var random = SeededRandom(seed: 0x5554_4638)
        let pieces: [(raw: [UInt8], unescaped: [UInt8])] = [
            (Array("a".utf8), Array("a".utf8)), (Array("Z ".utf8), Array("Z ".utf8)), (Array("é".utf8), Array("é".utf8)),
            (Array("€".utf8), Array("€".utf8)), (Array("😀".utf8), Array("😀".utf8)), (Array("中".utf8), Array("中".utf8)),
            (Array(#"\n"#.utf8), [0x0A]), (Array(#"\""#.utf8), [0x22]), (Array(#"\u00e9"#.utf8), Array("é".utf8)),
            (Array(#"\ud83d\ude00"#.utf8), Array("😀".utf8)),
        ]
        for round in 0..<3_000 {
            var raw: [UInt8] = [], unescaped: [UInt8] = []
            for _ in 0..<random.below(12) {
                if random.below(3) == 0 {
                    let byte = UInt8(0x80 + random.below(0x80))
                    raw.append(byte)
                    unescaped.append(byte)
                } else {
                    let piece = pieces[random.below(pieces.count)]
                    raw += piece.raw
                    unescaped += piece.unescaped
                }
            }
            let expected = String(decoding: unescaped, as: UTF8.self)
            let invalid = String(validating: unescaped, as: UTF8.self) == nil
            let bytes = Array(#"{"messages": [{"t": ""#.utf8) + raw + Array(#""}, {"t": "z"}]}"#.utf8)
            for tapes in [false, true] {
                let read = try #require(Self.read(bytes, tapes: tapes, chunk: 1 + random.below(40)), "round \(round)")
                #expect(
                    read.records.map(\.0) == [JSONText.write(.object(JSONObject(members: [("t", .string(expected))]))), #"{"t":"z"}"#],
                    "round \(round)")
                #expect(read.records.map(\.1) == [invalid, false], "round \(round)")
            }
        }
    }
}
