import ParleyJSON
import Testing

/// Telegram Desktop writes control characters in strings as `\xHH`, which is not JSON: with
/// `hexEscapes` the reader takes them as the characters, in chunks of any size, and still names
/// the input's own bytes in errors.
@Suite struct HexEscapeTests {
    static let chunks = [1, 2, 3, 4, 5, 7, 64, Int.max]

    /// A record list whose strings hold every form of escape around the `\xHH` ones.
    static let telegram = #"{"name":"G\x01","messages":[{"id":1,"text":"a\x0Bb\x1fc\x00d\\x0Be\u0041\x0A"},{"id":2,"text":"\\\x1F"}]}"#

    @Test(arguments: chunks)
    func hexEscapesReadAsTheControlCharacterAtAnyChunking(chunk: Int) {
        let read = JSONStreamReaderTests.read(Self.telegram, lists: ["messages"], chunk: chunk, hexEscapes: true)
        #expect(
            read.events == [
                #"start messages messages {"name":"G\u0001"}"#,
                #"record messages[0] 0 {"id":1,"text":"a\u000bb\u001fc\u0000d\\x0BeA\n"}"#,
                #"record messages[1] 1 {"id":2,"text":"\\\u001f"}"#,
                "end messages 2",
            ])
        #expect(read.outcome.map(JSONText.write) == .success(#"{"name":"G\u0001","messages":[]}"#))
    }

    @Test func withoutHexEscapesTheyAreAnErrorAtTheBackslash() {
        let read = JSONStreamReaderTests.read(#"{"a":"x\x0B"}"#, lists: [])
        #expect(
            read.outcome
                == .failure(
                    .syntax(
                        offset: 7, line: 1, message: "lexical error: inside a string, '\\' occurs before a character which it may not.")))
    }

    /// Only what Telegram writes is read: `\x` and two hexadecimal digits below 0x20. `\x7F`
    /// stays an error, named at its backslash: byte 22, counted in the input (the two escapes
    /// before it are 4 bytes longer in the rewritten text).
    @Test(arguments: chunks)
    func otherHexEscapesAreErrorsAtTheirByteInTheInput(chunk: Int) {
        let text = "{\"a\":\"\\x01\\x02\",\n\"b\":\"\\x7F\"}"
        let read = JSONStreamReaderTests.read(text, lists: [], chunk: chunk, hexEscapes: true)
        #expect(
            read.outcome
                == .failure(
                    .syntax(
                        offset: 22, line: 2, message: "lexical error: inside a string, '\\' occurs before a character which it may not.")))
        #expect(Array(text.utf8)[22] == UInt8(ascii: "\\"))
    }

    /// A syntax error after rewritten escapes names the same byte as in a text of the same
    /// length without them, read in the same chunks (where yajl stops in a broken token depends on
    /// the chunks).
    @Test(arguments: chunks)
    func errorsAfterRewritesNameTheInputsByte(chunk: Int) {
        let escaped = JSONStreamReaderTests.read(#"{"a":"\x01\x02\x1F","b":tru}"#, lists: [], chunk: chunk, hexEscapes: true)
        let plain = JSONStreamReaderTests.read(#"{"a":"abcdefghijkl","b":tru}"#, lists: [], chunk: chunk)
        #expect(escaped.outcome == plain.outcome)
        if chunk == .max {
            #expect(escaped.outcome == .failure(.syntax(offset: 26, line: 1, message: "lexical error: invalid string in json text.")))
        }
    }

    /// A file cut inside an escape is cut short like any other, at its own size, inside the record.
    @Test(arguments: [#"{"messages":[{"t":"a\"#, #"{"messages":[{"t":"a\x"#, #"{"messages":[{"t":"a\x1"#])
    func aFileCutInsideAnEscapeIsTruncatedThere(text: String) {
        for chunk in Self.chunks {
            let read = JSONStreamReaderTests.read(text, lists: ["messages"], chunk: chunk, hexEscapes: true)
            #expect(read.outcome == .failure(.truncated(size: text.utf8.count, line: 1, openRecord: "messages[0]")), "chunk \(chunk)")
        }
    }
}
