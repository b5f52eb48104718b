import ParleyHTML
import ParleyModel
import Testing

@testable import ParleyServer

/// The event stream format, byte for byte (WHATWG HTML § 9.2).
@Suite struct ServerSentEventsTests {
    @Test(arguments: [
        ("{\"v\":3}", "id: 3\nevent: patch\ndata: {\"v\":3}\n\n"),
        ("", "id: 3\nevent: patch\ndata: \n\n"),
        ("a\nb", "id: 3\nevent: patch\ndata: a\ndata: b\n\n"),
        ("a\r\nb\rc\n", "id: 3\nevent: patch\ndata: a\ndata: b\ndata: c\ndata: \n\n"),
    ])
    func eventSplitsEveryKindOfLineBreakIntoDataLines(payload: String, expected: String) {
        let bytes = ServerSentEvents.event(id: 3, type: "patch", data: Array(payload.utf8))
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }

    @Test func retryHintAndCommentAreSingleBlocks() {
        #expect(String(decoding: ServerSentEvents.retry(milliseconds: 2000), as: UTF8.self) == "retry: 2000\n\n")
        #expect(String(decoding: ServerSentEvents.comment("heartbeat"), as: UTF8.self) == ": heartbeat\n\n")
    }

    /// The HTML's bytes become a JSON string, a control byte as `\u0001` (the HTML writer itself
    /// never writes one: it writes U+FFFD instead).
    @Test func resetBatchEscapesHTMLAsAJSONString() {
        let epoch = ChannelEpoch(hexadecimal: 0x0123_4567_89AB)
        let json = ResetBatch.json(version: 12, base: 3, epoch: epoch, html: Array("a&quot;b\\c\nd\u{1}&lt;é&gt;".utf8))
        #expect(
            String(decoding: json, as: UTF8.self)
                == #"{"v":12,"base":3,"e":"00000123456789ab","ops":[["reset","a&quot;b\\c\nd\u0001&lt;é&gt;"]]}"#)
        let written = ResetBatch.json(
            version: 12, base: 3, epoch: ChannelEpoch(rawValue: "a\"b"), html: SafeHTML.text("a\"b\\c\nd\u{1}<é>").bytes)
        #expect(
            String(decoding: written, as: UTF8.self)
                == #"{"v":12,"base":3,"e":"a\"b","ops":[["reset","a&quot;b\\c\nd\#u{FFFD}&lt;é&gt;"]]}"#)
    }
}
