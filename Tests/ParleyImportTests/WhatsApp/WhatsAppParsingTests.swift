import Foundation
import ParleyImport
import ParleyModel
import Testing

/// Header shapes, continuation lines and errors, on small inline exports.
@Suite("WhatsApp parsing")
struct WhatsAppParsingTests {
    static func read(_ text: String, options: ImportOptions = ImportOptions()) throws -> ImportResult {
        try WhatsAppImporter(options: options).importTranscript(Data(text.utf8), file: "chat.txt")
    }

    static func times(_ text: String, options: ImportOptions = ImportOptions()) throws -> [String] {
        try read(text, options: options).transcript.channels[0].messages.map(\.timestamp.description)
    }

    struct Shape: CustomTestStringConvertible, Sendable {
        var name: String
        var line: String
        var time: String
        var testDescription: String { name }
    }

    static let shapes: [Shape] = [
        .init(name: "U+202F before PM", line: "1/13/23, 7:02\u{202F}PM - A: x", time: "2023-01-13T19:02:00.000Z"),
        .init(name: "thin space before AM", line: "1/13/23, 12:05\u{2009}AM - A: x", time: "2023-01-13T00:05:00.000Z"),
        .init(name: "Spanish p. m.", line: "02/01/2023, 3:04 p. m. - A: x", time: "2023-01-02T15:04:00.000Z"),
        .init(name: "German nachm.", line: "02.01.23, 3:04 nachm. - A: x", time: "2023-01-02T15:04:00.000Z"),
        .init(name: "Korean marker before the time", line: "2023. 1. 2. 오후 3:04 - A: x", time: "2023-01-02T15:04:00.000Z"),
        .init(name: "dotted time in brackets", line: "[2/1/23 15.04.05] A: x", time: "2023-01-02T15:04:05.000Z"),
        .init(name: "time first", line: "[15:04:05, 2/1/23] A: x", time: "2023-01-02T15:04:05.000Z"),
        .init(name: "old iOS colon layout", line: "2/1/23, 3:04:05 PM: A: x", time: "2023-01-02T15:04:05.000Z"),
        .init(name: "Devanagari digits", line: "२/१/२३, १५:०४ - A: x", time: "2023-01-02T15:04:00.000Z"),
        .init(name: "Heisei era", line: "[1/13/H30, 15:04:05] A: x", time: "2018-01-13T15:04:05.000Z"),
    ]

    @Test("header shapes", arguments: shapes)
    func headerShape(_ shape: Shape) throws {
        let result = try Self.read(shape.line + "\n")
        #expect(result.transcript.channels[0].messages.map(\.timestamp.description) == [shape.time])
        #expect(result.transcript.channels[0].messages.map(\.content.text) == ["x"])
    }

    @Test("the date order is decided from the whole file, not line by line")
    func wholeFileOrder() throws {
        let text = "03/04/22, 10:00 - A: one\n05/04/22, 10:00 - A: two\n13/04/22, 10:00 - A: three\n"
        #expect(try Self.times(text) == ["2022-04-03T10:00:00.000Z", "2022-04-05T10:00:00.000Z", "2022-04-13T10:00:00.000Z"])
        let chronological = "1/2/23, 10:00 - A: a\n1/3/23, 10:00 - A: b\n1/4/23, 10:00 - A: c\n"
        #expect(try Self.times(chronological) == ["2023-01-02T10:00:00.000Z", "2023-01-03T10:00:00.000Z", "2023-01-04T10:00:00.000Z"])
    }

    @Test("continuation lines that look like another header or hold ': ' stay in their message")
    func continuations() throws {
        let text = "[13/1/23, 15:04:05] A: agenda\n2/1/23, 16:00 - meeting\nNote: bring this\n[13/1/23, 15:05:00] B: ok\n"
        let result = try Self.read(text)
        let messages = result.transcript.channels[0].messages
        #expect(messages.map(\.content.text) == ["agenda\n2/1/23, 16:00 - meeting\nNote: bring this", "ok"])
        #expect(
            result.diagnostics.map(\.description) == [
                "chat.txt: line 2: starts like a message header of another layout; kept as a line of the message before it"
            ])
    }

    @Test("direction marks stay out of names and file names")
    func marks() throws {
        let text = "\u{200E}[2/1/23, 15:04:05] \u{202A}+1 555 0100\u{202C}: \u{200E}Report final.pdf \u{200E}document omitted\n"
        let message = try Self.read(text).transcript.channels[0].messages[0]
        #expect(message.author.name == "+1 555 0100")
        #expect(message.attachments.map(\.fileName) == ["Report final.pdf"])
        #expect(message.attachments.map(\.omission) == ["document omitted"])
        #expect(message.content.text == "")
    }

    @Test("errors name the file, the line, the byte and what was expected")
    func errors() {
        #expect(throws: ImportError.syntax(file: "chat.txt", offset: 0, line: 1, expected: Self.example)) {
            try Self.read("hello\nworld\n")
        }
        #expect(throws: ImportError.syntax(file: "chat.txt", offset: 0, line: 1, expected: Self.example + " at the start of the export")) {
            try Self.read("preface\n1/2/23, 10:00 - A: x\n")
        }
        #expect(
            throws: ImportError.syntax(
                file: "chat.txt", offset: 21, line: 2,
                expected: "a date in month/day/year order (--date-order mdy), found \"13/2/23, 10:00 -\"")
        ) {
            try Self.read("1/2/23, 10:00 - A: x\n13/2/23, 10:00 - A: y\n", options: ImportOptions(dateOrder: .mdy))
        }
        #expect(
            throws: ImportError.syntax(
                file: "chat.txt", offset: 22, line: 2,
                expected:
                    "a date in day/month/year order, the order most of the export's dates fit, found \"1/13/23, 10:00 -\""
            )
        ) {
            try Self.read("13/1/23, 10:00 - A: x\n1/13/23, 10:00 - A: y\n")
        }
        #expect(
            throws: ImportError.syntax(
                file: "chat.txt", offset: 0, line: 1, expected: "an AM/PM marker Parley knows, found \"xa\" and \"xp\"")
        ) {
            try Self.read("1/2/23, 10:00 xa - A: x\n1/2/23, 10:00 xp - A: y\n")
        }
    }

    @Test("detection: WhatsApp text is recognised, other text is not")
    func detection() throws {
        #expect(try TranscriptReader().detectFormat(of: Data("[2/1/23, 15:04:05] A: x\n".utf8), file: "x") == .whatsApp)
        #expect(WhatsAppImporter().rejection(of: Data("Dear diary,\n1/2/23, 10:00 - A: x\n".utf8)) != nil)
        #expect(WhatsAppImporter().rejection(of: Data("{\"messages\": []}".utf8)) != nil)
    }

    static let example = "a WhatsApp message header such as \"18/03/2022, 14:56 - Name: text\" or \"[18/03/2022, 14:56:01] Name: text\""
}
