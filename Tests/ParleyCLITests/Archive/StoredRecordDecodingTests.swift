import Foundation
import ParleyEventCodec
import ParleyImport
import ParleyModel
import ParleyRender
import ParleyTestSupport
import Testing

@testable import ParleyCLI

/// The archive's pages read stored records as the bytes the store holds (no `String` is made of
/// them): a record reads back as the message it was written from, and a record that is not valid
/// UTF-8 (a store damaged outside Parley) reads as a `String` of it would, each invalid byte
/// replaced by U+FFFD.
@Suite struct StoredRecordDecodingTests {
    static func record(_ text: String) throws -> (message: Message, bytes: [UInt8]) {
        var message = LiveFixtures.message("42", minute: 3, author: 1, text: text)
        message.channel = ChannelID("general")
        return (message, Array(try ParleyJSONLWriter().messageLine(message).utf8))
    }

    @Test func aRecordReadsBackAsItsMessage() throws {
        let (message, bytes) = try Self.record("café ☕ \u{0} *bold*")
        #expect(try StoredArchive.readBack(bytes, file: "archive.sqlite") == message)
    }

    @Test func invalidUTF8ReadsAsTheRepairedText() throws {
        var (_, bytes) = try Self.record("café")
        // é is C3 A9; C3 before "(" is not UTF-8.
        let at = try #require(bytes.indices.first { bytes[$0] == 0xC3 && bytes[$0 + 1] == 0xA9 })
        bytes[at + 1] = 0x28
        let decoded = try StoredArchive.readBack(bytes, file: "archive.sqlite")
        #expect(decoded.content.text == "caf\u{FFFD}(")
        #expect(try decoded == StoredArchive.message(String(decoding: bytes, as: UTF8.self), file: "archive.sqlite"))
    }

    @Test func aRecordThatIsNoMessageNamesTheStoreAndWhatWasExpected() throws {
        #expect {
            try StoredArchive.readBack(Array(#"{"type":"message","garb"#.utf8), file: "archive.sqlite")
        } throws: { error in
            guard let error = error as? EventRecordError else { return false }
            return StoredArchive.reason(error)
                == "archive.sqlite, byte 0 of the record: expected valid JSON: Unexpected end of file during JSON parse."
        }
        #expect {
            try StoredArchive.readBack(Array(#"{"type":"message","id":"1"}"#.utf8), file: "archive.sqlite")
        } throws: { error in
            guard let error = error as? EventRecordError else { return false }
            return error.file == "archive.sqlite" && StoredArchive.reason(error).hasPrefix("archive.sqlite, byte ")
        }
    }
}
