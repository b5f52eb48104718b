import ParleyJSON
import ParleyTestSupport
import Testing

/// The streaming reader hands over each record of the named lists whole, in order, with its
/// path, keeps the rest as the envelope, and names the byte and line of broken or cut-short input.
@Suite struct JSONStreamReaderTests {
    /// Everything a read reported: the events as text, and the envelope or the error.
    struct Read: Equatable {
        var events: [String] = []
        var outcome: Result<JSONValue, JSONStreamError>
    }

    /// With `tapes`, the lists' records are read as tapes and written as the values they hold.
    static func read(_ text: String, lists: Set<String>, chunk: Int = .max, hexEscapes: Bool = false, tapes: Bool = false) -> Read {
        read(Array(text.utf8), lists: lists, chunk: chunk, hexEscapes: hexEscapes, tapes: tapes)
    }

    static func read(_ bytes: [UInt8], lists: Set<String>, chunk: Int = .max, hexEscapes: Bool = false, tapes: Bool = false) -> Read {
        var events: [String] = []
        let reader = JSONStreamReader(lists: lists, tapeLists: tapes ? lists : [], hexEscapes: hexEscapes) { event in
            switch event {
            case let .listStarted(list, path, enclosing): events.append("start \(list) \(path) \(JSONText.write(enclosing))")
            case let .record(_, path, index, value): events.append("record \(path) \(index) \(JSONText.write(value))")
            case let .tapedRecord(_, path, index, tape): events.append("record \(path) \(index) \(JSONText.write(tape.value()))")
            case let .listEnded(_, path, count): events.append("end \(path) \(count)")
            }
        }
        var start = 0
        do throws(JSONStreamError) {
            while start < bytes.count {
                let end = min(bytes.count, start + min(chunk, bytes.count))
                let fed = bytes[start..<end].withUnsafeBytes { buffer in Result { () throws(JSONStreamError) in try reader.read(buffer) } }
                try fed.get()
                start = end
            }
            return Read(events: events, outcome: .success(try reader.finish()))
        } catch {
            return Read(events: events, outcome: .failure(error))
        }
    }

    static let discord = """
        {"guild": {"id": "g"}, "channel": {"id": "c", "name": "general"},
         "messages": [
          {"id": "1", "content": "hi", "n": 12345678901234567890},
          {"id": "2", "content": "caf\\u00e9 \\ud83d\\udc4b", "reactions": [{"count": 2}]}
         ],
         "messageCount": 2}
        """

    @Test func recordsComeOneAtATimeAndTheEnvelopeKeepsTheRest() {
        let read = Self.read(Self.discord, lists: ["messages"])
        #expect(
            read.events == [
                #"start messages messages {"guild":{"id":"g"},"channel":{"id":"c","name":"general"}}"#,
                #"record messages[0] 0 {"id":"1","content":"hi","n":12345678901234567890}"#,
                #"record messages[1] 1 {"id":"2","content":"café 👋","reactions":[{"count":2}]}"#,
                "end messages 2",
            ])
        #expect(
            read.outcome.map(JSONText.write)
                == .success(#"{"guild":{"id":"g"},"channel":{"id":"c","name":"general"},"messages":[],"messageCount":2}"#))
    }

    @Test func nestedListsAreNamedByTheirPattern() {
        let text = #"{"chats": {"list": [{"name": "a", "messages": [1, 2]}, {"name": "b", "messages": [3]}]}, "messages": [9]}"#
        let read = Self.read(text, lists: ["chats.list[].messages"])
        #expect(
            read.events == [
                #"start chats.list[].messages chats.list[0].messages {"name":"a"}"#, "record chats.list[0].messages[0] 0 1",
                "record chats.list[0].messages[1] 1 2", "end chats.list[0].messages 2",
                #"start chats.list[].messages chats.list[1].messages {"name":"b"}"#, "record chats.list[1].messages[0] 0 3",
                "end chats.list[1].messages 1",
            ])
        #expect(
            read.outcome.map(JSONText.write)
                == .success(#"{"chats":{"list":[{"name":"a","messages":[]},{"name":"b","messages":[]}]},"messages":[9]}"#))
        #expect(Self.read("[[1], {}]", lists: ["$"]).events == ["start $ $ null", "record $[0] 0 [1]", "record $[1] 1 {}", "end $ 2"])
    }

    @Test func everyChunkingGivesTheSameRead() {
        let whole = Self.read(Self.discord, lists: ["messages"])
        for chunk in 1...Array(Self.discord.utf8).count {
            #expect(Self.read(Self.discord, lists: ["messages"], chunk: chunk) == whole, "chunks of \(chunk) bytes")
        }
    }

    @Test func brokenInputNamesTheByteAndLine() {
        let broken = "{\"messages\": [\n  {\"id\": 1,, \"x\": 2}\n]}"
        #expect(
            Self.read(broken, lists: ["messages"]).outcome
                == .failure(.syntax(offset: 26, line: 2, message: "parse error: invalid object key (must be a string)")))
        #expect(Array(broken.utf8)[25...26] == [UInt8(ascii: ","), UInt8(ascii: ",")], "the second comma")
        let badByte: [UInt8] = Array(#"{"a": ""#.utf8) + [0xFF] + Array(#"", "b": }"#.utf8)
        // Invalid UTF-8 in a string is read as U+FFFD (InvalidUTF8Tests): the error is the one after it.
        #expect(
            Self.read(badByte, lists: []).outcome
                == .failure(.syntax(offset: 16, line: 1, message: "parse error: unallowed token at this point in JSON text")))
    }

    @Test func aCutShortDocumentKeepsTheWholeRecordsAndNamesTheOpenOne() throws {
        let text = Array(Self.discord.utf8)
        let inSecond = try #require(Self.discord.range(of: "caf")).lowerBound.utf16Offset(in: Self.discord)
        let read = Self.read(Array(text[..<inSecond]), lists: ["messages"])
        #expect(Self.read(Array(text[..<inSecond]), lists: ["messages"], tapes: true) == read, "a record being taped is named too")
        #expect(
            read.events == [
                "start messages messages {\"guild\":{\"id\":\"g\"},\"channel\":{\"id\":\"c\",\"name\":\"general\"}}",
                "record messages[0] 0 {\"id\":\"1\",\"content\":\"hi\",\"n\":12345678901234567890}",
            ])
        #expect(read.outcome == .failure(.truncated(size: inSecond, line: 4, openRecord: "messages[1]")))
        let afterList = try #require(Self.discord.range(of: "],")).upperBound.utf16Offset(in: Self.discord)
        #expect(
            Self.read(Array(text[..<afterList]), lists: ["messages"]).outcome
                == .failure(.truncated(size: afterList, line: 5, openRecord: nil)))
        #expect(Self.read("", lists: []).outcome == .failure(.truncated(size: 0, line: 1, openRecord: nil)))
        #expect(Self.read(" \n ", lists: []).outcome == .failure(.truncated(size: 3, line: 2, openRecord: nil)))
    }

    /// What a cut-short account export held before the break: the envelope with its open
    /// containers closed, the record being read and a key without its value left out.
    @Test(arguments: [
        (#"{"about": "x", "chats": {"list": [{"name": "a", "messages": [1]}, {"name": "b", "messages": [2, {"t": "#, 1),
        (#"{"about": "x", "chats": {"list": [{"name": "a", "messages": [1]}, {"name": "b", "id": "#, 2),
    ])
    func aCutShortDocumentKeepsTheEnvelopeItRead(text: String, variant: Int) {
        let reader = JSONStreamReader(lists: ["chats.list[].messages"]) { _ in }
        Array(text.utf8).withUnsafeBytes { bytes in #expect(throws: Never.self) { try reader.read(bytes) } }
        #expect(throws: JSONStreamError.self) { try reader.finish() }
        let chat = variant == 1 ? #"{"name":"b","messages":[]}"# : #"{"name":"b"}"#
        #expect(reader.partialEnvelope.map(JSONText.write) == #"{"about":"x","chats":{"list":[{"name":"a","messages":[]},"# + chat + "]}}")
        let whole = JSONStreamReader(lists: []) { _ in }
        #expect(whole.partialEnvelope == nil)
        Array("[1, [2]]".utf8).withUnsafeBytes { bytes in #expect(throws: Never.self) { try whole.read(bytes) } }
        #expect(whole.partialEnvelope.map(JSONText.write) == "[1,[2]]")
    }

    @Test func aByteOrderMarkIsSkippedInAnyChunking() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a": [1]}"#.utf8)
        for chunk in 1...4 {
            #expect(Self.read(bytes, lists: ["a"], chunk: chunk).events == ["start a a {}", "record a[0] 0 1", "end a 1"])
        }
        let halfMark: [UInt8] = [0xEF, 0xBB] + Array("[]".utf8)
        for chunk in 1...3 {
            #expect(
                Self.read(halfMark, lists: [], chunk: chunk).outcome
                    == .failure(.syntax(offset: 2, line: 1, message: "an incomplete UTF-8 byte order mark")))
        }
    }

    /// Seeded random documents written as text, read back in random chunks: the same values, as
    /// trees and as tapes (each tape equal to the tape of its tree, and cut short anywhere, the
    /// same events and error).
    @Test func randomDocumentsReadBackExactly() {
        var random = SeededRandom(seed: 0x4A53_4F4E)
        for round in 0..<2000 {
            let records = (0..<random.below(5)).map { _ in JSONText.random(&random, depth: 3) }
            let text = JSONText.write(
                .object(JSONObject(members: [("head", JSONText.random(&random, depth: 2)), ("list", .array(records))])))
            let chunk = 1 + random.below(40)
            let read = Self.read(text, lists: ["list"], chunk: chunk)
            #expect(Self.read(text, lists: ["list"], chunk: chunk, tapes: true) == read, "round \(round)")
            let bytes = Array(text.utf8)
            let cut = Array(bytes[..<random.below(bytes.count + 1)])
            #expect(Self.read(cut, lists: ["list"], chunk: chunk, tapes: true) == Self.read(cut, lists: ["list"], chunk: chunk))
            var tapes: [JSONTape] = []
            let reader = JSONStreamReader(lists: ["list"], tapeLists: ["list"]) { event in
                if case let .tapedRecord(_, _, _, tape) = event { tapes.append(tape) }
            }
            bytes.withUnsafeBytes { buffer in #expect(throws: Never.self) { try reader.read(buffer) } }
            #expect(tapes == records.map { JSONTape($0) }, "round \(round)")
            #expect(
                read.events.filter { $0.hasPrefix("record") }
                    == records.enumerated().map { "record list[\($0)] \($0) \(JSONText.write($1))" })
            guard case let .success(envelope) = read.outcome else {
                Issue.record("round \(round): \(read.outcome)")
                continue
            }
            #expect(envelope["list"] == .array([]), "round \(round)")
        }
    }

    /// Line feeds are counted eight bytes at a time: 20,000 seeded buffers of 0–80 bytes, starting
    /// at every alignment, of bytes near 0x0A and its high-bit twin (0x8A, 0x0B, 0x09, 0x00, 0x7F,
    /// 0xFF…), and buffers of 2,039–20,000 bytes, all line feeds or seeded, give the count byte by
    /// byte; and a syntax error's line is counted across chunks.
    @Test func newlinesAreCountedAsByteByByte() {
        var random = SeededRandom(seed: 0x0A0A)
        let alphabet: [UInt8] = [0x0A, 0x0A, 0x8A, 0x0B, 0x09, 0x00, 0x7F, 0xFF, 0x80, 0x20, 0x0A ^ 0x7F, 0x8B]
        for _ in 0..<20_000 {
            let bytes = (0..<random.below(88)).map { _ in alphabet[random.below(alphabet.count)] }
            let start = min(bytes.count, random.below(8))
            let expected = bytes[start...].count { $0 == 0x0A }
            let counted = bytes.withUnsafeBytes { JSONStreamReader.newlines(in: UnsafeRawBufferPointer(rebasing: $0[start...])) }
            #expect(counted == expected, "\(bytes) from \(start)")
        }
        // Past 255 words a byte lane of all line feeds would overflow but for the sums between.
        for count in [2039, 2040, 2041, 2048, 4087, 5000, 20_000] {
            for bytes in [[UInt8](repeating: 0x0A, count: count), (0..<count).map { _ in alphabet[random.below(alphabet.count)] }] {
                let counted = bytes.withUnsafeBytes { JSONStreamReader.newlines(in: $0) }
                #expect(counted == bytes.count { $0 == 0x0A }, "\(count) bytes")
            }
        }
        let text =
            String(repeating: "\n", count: 9) + "{\"messages\": [\n{\"a\": 1},\n" + String(repeating: " \n", count: 5) + "{\"b\" 2}]}"
        for chunk in [1, 3, 7, 8, 64] {
            let read = Self.read(text, lists: ["messages"], chunk: chunk)
            guard case let .failure(.syntax(_, line, _)) = read.outcome else {
                Issue.record("chunk \(chunk): \(read.outcome)")
                continue
            }
            #expect(line == 17, "chunk \(chunk)")
        }
    }
}
