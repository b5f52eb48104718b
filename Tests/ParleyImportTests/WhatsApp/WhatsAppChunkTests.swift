import Foundation
import ParleyImport
import ParleyModel
import Testing

/// A WhatsApp chat is read a chunk at a time: wherever the chunk boundaries fall — inside a
/// multi-byte character, between `\r` and `\n`, inside a UTF-16 code unit or surrogate pair, in
/// a byte order mark — the messages, diagnostics and errors are the same.
@Suite("WhatsApp chunk boundaries")
struct WhatsAppChunkTests {
    /// A chat with CRLF line ends, multi-byte text (NNBSP before PM, emoji with ZWJ, Arabic,
    /// CJK), a continuation line, a line of another header shape and a media line.
    static let chat =
        "12/31/21, 11:58\u{202F}PM - Ana: Happy new year 🎉👩‍👩‍👧\r\n"
        + "second line: مرحبا 你好\r\n"
        + "1/1/22, 12:00\u{202F}AM - Bo: 🥂\r\n"
        + "[1/1/22, 12:00:01] looks like another export\r\n"
        + "1/1/22, 12:01\u{202F}AM - Ana: IMG-20220101-WA0001.jpg (file attached)\r\n"
        + "1/1/22, 12:01\u{202F}AM - Cy: ünïcødé ✓\r\n"
        + "1/13/22, 1:02\u{202F}PM - Bo left"

    static let sizes = [1, 2, 3, 7, 4096]

    static func read(_ data: Data, chunk: Int) throws(ImportError) -> ImportResult {
        try WhatsAppImporter().importTranscript(data, file: "WhatsApp Chat with Ana.txt", chunkSize: chunk)
    }

    static func utf16(_ text: String, bigEndian: Bool) -> Data {
        var data = Data(bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE])
        for unit in text.utf16 {
            let bytes = bigEndian ? [UInt8(unit >> 8), UInt8(unit & 0xFF)] : [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            data.append(contentsOf: bytes)
        }
        return data
    }

    @Test(
        "every chunk size gives the same messages, in UTF-8, UTF-8 with a byte order mark and UTF-16 of either byte order",
        arguments: ["utf-8", "utf-8 bom", "utf-16le", "utf-16be"])
    func chunkSizesAgree(encoding: String) throws {
        let data: Data
        switch encoding {
        case "utf-8": data = Data(Self.chat.utf8)
        case "utf-8 bom": data = Data([0xEF, 0xBB, 0xBF] + Self.chat.utf8)
        case "utf-16le": data = Self.utf16(Self.chat, bigEndian: false)
        default: data = Self.utf16(Self.chat, bigEndian: true)
        }
        let whole = try Self.read(data, chunk: 1 << 20)
        let messages = whole.transcript.channels[0].messages
        #expect(messages.map(\.author.name) == ["Ana", "Bo", "Ana", "Cy", ""])
        #expect(
            messages.map(\.content.text) == [
                "Happy new year 🎉👩‍👩‍👧\nsecond line: مرحبا 你好", "🥂\n[1/1/22, 12:00:01] looks like another export", "", "ünïcødé ✓",
                "Bo left",
            ])
        #expect(
            messages.map(\.timestamp.milliseconds) == [
                1_640_995_080_000, 1_640_995_200_000, 1_640_995_260_000, 1_640_995_260_000, 1_642_078_920_000,
            ])
        #expect(messages[2].attachments.map(\.fileName) == ["IMG-20220101-WA0001.jpg"])
        #expect(messages[4].kind == .memberLeft)
        #expect(whole.transcript.channels[0].kind == .group)
        #expect(
            whole.diagnostics.map(\.description) == [
                "WhatsApp Chat with Ana.txt: line 4: starts like a message header of another layout; kept as a line of the message before it"
            ])
        for size in Self.sizes {
            let chunked = try Self.read(data, chunk: size)
            #expect(chunked.transcript == whole.transcript, "\(encoding), chunks of \(size) bytes")
            #expect(chunked.diagnostics.map(\.description) == whole.diagnostics.map(\.description), "\(encoding), chunks of \(size)")
        }
    }

    @Test("UTF-16 and UTF-8 give the same messages")
    func encodingsAgree() throws {
        let utf8 = try Self.read(Data(Self.chat.utf8), chunk: 3)
        #expect(try Self.read(Self.utf16(Self.chat, bigEndian: false), chunk: 3).transcript == utf8.transcript)
        #expect(try Self.read(Self.utf16(Self.chat, bigEndian: true), chunk: 5).transcript == utf8.transcript)
    }

    @Test("an error names the same byte and line whatever the chunk size")
    func errorsAgree() {
        let text = "01/02/2022, 10:00 - Ana: a\n31/02/2022, 10:01 - Bo: b\n13/13/2022, 10:02 - Ana: c\n"
        for size in Self.sizes + [1 << 20] {
            #expect(
                throws: ImportError.syntax(
                    file: "WhatsApp Chat with Ana.txt", offset: 27, line: 2,
                    expected:
                        "a date in day/month/year order, the order most of the export's dates fit, found \"31/02/2022, 10:01 -\""
                )
            ) { try Self.read(Data(text.utf8), chunk: size) }
        }
    }

    @Test("UTF-16 with a lone surrogate is read as its raw bytes, as the whole-file reading did: no line is a header")
    func invalidUTF16() {
        var data = Self.utf16("01/02/2022, 10:00 - Ana: a\n", bigEndian: false)
        data.append(contentsOf: [0x00, 0xD8])
        for size in [1, 2, 4096] {
            #expect(
                throws: ImportError.syntax(
                    file: "x.txt", offset: 0, line: 1,
                    expected:
                        "a WhatsApp message header such as \"18/03/2022, 14:56 - Name: text\" or \"[18/03/2022, 14:56:01] Name: text\"")
            ) {
                try WhatsAppImporter().importTranscript(data, file: "x.txt", chunkSize: size)
            }
        }
    }

    @Test("a timestamp met again after a later one continues its ordinals and occurrences (the first pass kept it)")
    func revisitedTimestamp() throws {
        let text = "13/02/2022, 10:00 - Ana: a\n13/02/2022, 10:01 - Bo: b\n13/02/2022, 10:00 - Ana: a\n13/02/2022, 10:02 - Bo: c\n"
        for size in [1, 7, 1 << 20] {
            let ids = try Self.read(Data(text.utf8), chunk: size).transcript.channels[0].messages.map(\.id.rawValue)
            #expect(ids.map { $0.prefix(5) } == ["0000-", "0000-", "0001-", "0000-"])
            #expect(Set(ids).count == 4)
        }
    }
}
