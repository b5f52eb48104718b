import ParleyJSON
import Testing

/// A built value nested deeper than 512 levels is read as `null`, what it held dropped, and the
/// reader names the record it was in: decoding or freeing a value of 100,000 levels recursed
/// past the end of the stack (a crash, found by feeding a ChatGPT export such a `parts`).
@Suite struct JSONDepthTests {
    /// `count` nested arrays around `1`.
    static func arrays(_ count: Int) -> String { String(repeating: "[", count: count) + "1" + String(repeating: "]", count: count) }

    /// `count` nested objects `{"a": …}` around `1`.
    static func objects(_ count: Int) -> String { String(repeating: #"{"a":"#, count: count) + "1" + String(repeating: "}", count: count) }

    /// The events of `text` (as ``JSONStreamReaderTests/read(_:lists:chunk:hexEscapes:tapes:)``
    /// writes them) read in chunks of `chunk` bytes, the document or the error, and the reader's drops.
    static func read(_ text: String, chunk: Int) -> (read: JSONStreamReaderTests.Read, drops: [String], count: Int) {
        var events: [String] = []
        let reader = JSONStreamReader(lists: ["messages"]) { event in
            switch event {
            case let .listStarted(list, path, enclosing): events.append("start \(list) \(path) \(JSONText.write(enclosing))")
            case let .record(_, path, index, value): events.append("record \(path) \(index) \(JSONText.write(value))")
            case let .tapedRecord(_, path, index, tape): events.append("record \(path) \(index) \(JSONText.write(tape.value()))")
            case let .listEnded(_, path, count): events.append("end \(path) \(count)")
            }
        }
        let bytes = Array(text.utf8)
        let outcome = Result { () throws(JSONStreamError) -> JSONValue in
            var start = 0
            while start < bytes.count {
                let end = min(bytes.count, start + chunk)
                let fed = bytes[start..<end].withUnsafeBytes { buffer in Result { () throws(JSONStreamError) in try reader.read(buffer) } }
                try fed.get()
                start = end
            }
            return try reader.finish()
        }
        return (JSONStreamReaderTests.Read(events: events, outcome: outcome), reader.drops.places, reader.drops.count)
    }

    /// `count` nested objects `{"a": …}` around `innermost`.
    static func objects(_ count: Int, around innermost: JSONValue) -> JSONValue {
        var value = innermost
        for _ in 0..<count { value = .object(JSONObject(members: [("a", value)])) }
        return value
    }

    /// The root object, the list and the record hold 3 of the 512 levels: 509 arrays in the record
    /// are kept, the 510th is `null`.
    @Test(arguments: [1 << 20, 4096, 7])
    func anArrayDeeperThan512LevelsIsReadAsNull(chunk: Int) {
        let text = #"{"messages": [{"id": "1", "deep": "# + Self.arrays(100_000) + #", "after": "x"}, {"id": "2"}], "n": 1}"#
        let (read, drops, count) = Self.read(text, chunk: chunk)
        let kept = String(repeating: "[", count: 509) + "null" + String(repeating: "]", count: 509)
        #expect(
            read.events == [
                #"start messages messages {}"#, #"record messages[0] 0 {"id":"1","deep":"# + kept + #","after":"x"}"#,
                #"record messages[1] 1 {"id":"2"}"#, "end messages 2",
            ])
        #expect(read.outcome == .success(.object(JSONObject(members: [("messages", .array([])), ("n", .number("1"))]))))
        #expect(drops == ["messages[0]"])
        #expect(count == 1)
    }

    @Test func a512LevelValueIsKeptWhole() {
        let text = #"{"messages": [{"deep": "# + Self.arrays(509) + "}]}"
        let (read, drops, count) = Self.read(text, chunk: 1 << 20)
        #expect(read.events[1] == #"record messages[0] 0 {"deep":"# + Self.arrays(509) + "}")
        #expect(drops.isEmpty)
        #expect(count == 0)
    }

    @Test func deepObjectsOutsideTheRecordsAreNamedAsTheDocument() {
        let text = #"{"x": "# + Self.objects(600) + #", "y": "# + Self.objects(700) + #", "messages": [{"id": "1"}]}"#
        let (read, drops, count) = Self.read(text, chunk: 4096)
        // The root object holds 1 level: 511 objects are kept, the 512th is null.
        let kept = Self.objects(511, around: .null)
        #expect(read.outcome == .success(.object(JSONObject(members: [("x", kept), ("y", kept), ("messages", .array([]))]))))
        #expect(read.events[1] == #"record messages[0] 0 {"id":"1"}"#)
        #expect(drops == ["$"])
        #expect(count == 2)
    }
}
