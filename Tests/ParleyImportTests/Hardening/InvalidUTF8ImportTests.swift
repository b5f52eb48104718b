import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// One string with invalid UTF-8 costs nothing: its message is kept, the bytes read as U+FFFD as
/// `String(decoding:as:)` reads them, with one warning naming the file and the record; every other
/// message is as it was (the rule for odd records).
@Suite struct InvalidUTF8ImportTests {
    /// `data` with every occurrence of `text` (as a JSON string) replaced by `bytes`.
    static func replacing(_ text: String, with bytes: [UInt8], in data: Data) throws -> Data {
        let quoted = Array("\"\(text)\"".utf8), replacement = [UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")]
        var input = [UInt8](data), output: [UInt8] = [], found = 0
        while let start = input.indices.first(where: { input[$0...].starts(with: quoted) }) {
            output += input[..<start] + replacement
            input = Array(input[(start + quoted.count)...])
            found += 1
        }
        #expect(found > 0, "\(text) is in the fixture")
        return Data(output + input)
    }

    @Test(arguments: [
        ("tiny.json", InputFormat.discordChatExporter, "still Ana, same group", "messages[1]"),
        ("telegram-rich.json", .telegram, "Thanks!", "messages[3]"),
    ])
    func aStringWithInvalidUTF8KeepsItsMessageWithOneWarning(name: String, format: InputFormat, text: String, location: String) throws {
        let data = try Data(contentsOf: TestPaths.fixture(name))
        let prefix = Array(text.utf8.prefix(4)), rest = Array(text.utf8.dropFirst(4))
        let bad = try Self.replacing(text, with: prefix + [0xFF, 0xFE, 0xC3, 0x28] + rest, in: data)
        let repaired = String(decoding: prefix, as: UTF8.self) + "\u{FFFD}\u{FFFD}\u{FFFD}(" + String(decoding: rest, as: UTF8.self)
        #expect(repaired == String(decoding: prefix + [0xFF, 0xFE, 0xC3, 0x28] + rest, as: UTF8.self))
        let good = try Self.replacing(text, with: Array(repaired.utf8), in: data)

        let read = try TranscriptReader().read(bad, file: "t.json", format: format)
        let oracle = try TranscriptReader().read(good, file: "t.json", format: format)
        let messages = read.transcript.channels.flatMap(\.messages)
        #expect(messages == oracle.transcript.channels.flatMap(\.messages), "every message as in the file with the text repaired")
        #expect(messages.contains { $0.content.text.contains("\u{FFFD}\u{FFFD}\u{FFFD}(") })
        let original = try TranscriptReader().read(data, file: "t.json", format: format).transcript.channels.flatMap(\.messages)
        #expect(messages.count == original.count)
        let warning = "t.json: \(location): invalid UTF-8 in a string, read as U+FFFD replacement characters; the record is kept"
        #expect(read.diagnostics.map(\.description).sorted() == (oracle.diagnostics.map(\.description) + [warning]).sorted())
        #expect(!read.diagnostics.contains { $0.skipsRecord && $0.location == location })
    }

    /// Each byte pattern gives the exact text, in a DiscordChatExporter message read from a file
    /// (the streamed import) as from its bytes.
    @Test func eachPatternGivesTheExactTextInADiscordMessage() throws {
        let patterns: [([UInt8], String)] = [
            (Array("a".utf8) + [0x80] + Array("b".utf8), "a\u{FFFD}b"),
            (Array("a".utf8) + [0xC3], "a\u{FFFD}"),
            (Array("a".utf8) + [0xE2, 0x82], "a\u{FFFD}"),
            (Array("a".utf8) + [0xF0, 0x9F, 0x98], "a\u{FFFD}"),
            (Array("a".utf8) + [0xC0, 0x80] + Array("b".utf8), "a\u{FFFD}\u{FFFD}b"),
            (Array("a".utf8) + [0xED, 0xA0, 0x80] + Array("b".utf8), "a\u{FFFD}\u{FFFD}\u{FFFD}b"),
            (Array("a".utf8) + [0xFF] + Array("b".utf8), "a\u{FFFD}b"),
        ]
        let data = try Data(contentsOf: TestPaths.fixture("tiny.json"))
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (bytes, text) in patterns {
            let bad = try Self.replacing("still Ana, same group", with: bytes, in: data)
            let file = folder.appendingPathComponent("bad.json")
            try bad.write(to: file)
            for read in [
                try TranscriptReader().read(bad, file: file.path, format: .discordChatExporter),
                try TranscriptReader().read(contentsOf: file.path),
            ] {
                let messages = read.transcript.channels.flatMap(\.messages)
                #expect(messages.first { $0.id.rawValue == "102" }?.content.text == text, "\(bytes)")
                #expect(
                    read.diagnostics.filter { $0.message.contains("invalid UTF-8") }.map(\.description) == [
                        "\(file.path): messages[1]: invalid UTF-8 in a string, read as U+FFFD replacement characters; the record is kept"
                    ])
            }
        }
    }
}
