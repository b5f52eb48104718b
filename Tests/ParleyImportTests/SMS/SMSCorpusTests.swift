import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// The SMS Backup & Restore files of the shared corpus; counts checked by hand.
@Suite("SMS backup corpus", .enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent"))
struct SMSCorpusTests {
    static func path(_ name: String) -> String { TestPaths.corpus.appendingPathComponent("sms-xml/\(name)").path }

    static func read(_ name: String, options: ImportOptions = ImportOptions()) throws -> ImportResult {
        try TranscriptReader().read(contentsOf: path(name), options: options)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var file: String
        var messages: Int
        var channels: Int
        var outgoing: Int
        var testDescription: String { file }
    }

    static let cases: [Case] = [
        .init(file: "sbr2-corrupt_attachments.xml", messages: 2, channels: 1, outgoing: 0),
        .init(file: "sbr2-sample_mms.xml", messages: 4, channels: 1, outgoing: 0),
        .init(file: "sbr2-sms_and_mms.xml", messages: 50, channels: 8, outgoing: 23),
        .init(file: "sbrp-edge_cases.xml", messages: 4, channels: 4, outgoing: 1),
        .init(file: "sbrp-minimal_mms.xml", messages: 1, channels: 1, outgoing: 0),
        .init(file: "sbrp-mixed.xml", messages: 4, channels: 2, outgoing: 2),
    ]

    @Test("every readable corpus file imports with its exact counts", arguments: cases)
    func counts(_ item: Case) throws {
        let result = try Self.read(item.file)
        #expect(result.format == .smsBackup)
        #expect(result.transcript.messageCount == item.messages)
        #expect(result.transcript.channels.count == item.channels)
        #expect(result.transcript.channels.flatMap(\.messages).filter { $0.isOutgoing == true }.count == item.outgoing)
    }

    @Test("a truncated backup keeps the messages read and says how many")
    func truncated() throws {
        let result = try Self.read("sbr2-sms_and_mms.xml")
        #expect(
            result.diagnostics.map(\.description) == [
                "\(Self.path("sbr2-sms_and_mms.xml")): line 136, byte 26798: the XML breaks off or is malformed (the input ends inside <parts> (truncated)); kept the 50 messages read before it (the last, an <mms> from line 133, is incomplete)",
                "\(Self.path("sbr2-sms_and_mms.xml")): <smses count>: the backup declares 58 messages; 50 were read",
            ])
        #expect(
            result.transcript.channels.map(\.name) == [
                "Contact A", "Contact B", "Contact C", "Contact B", "Contact D", "group_8@rcs.google.com", "+15550000011", "Contact E",
            ])
        #expect(result.transcript.channels.map(\.messages.count) == [29, 2, 8, 2, 3, 3, 2, 1])
        let group = try #require(result.transcript.channels.first { $0.id == ChannelID("sms:group_8@rcs.google.com") })
        #expect(group.kind == .group)
        #expect(group.messages.map(\.author.name) == ["+15550000009", "Me", "+15550000010"])
        let multiline = result.transcript.channels.flatMap(\.messages).first { $0.content.text.hasPrefix("Body text 10") }
        #expect(multiline?.content.text == "Body text 10\nBody text 11\nBody text 12")
        let image = result.transcript.channels.flatMap(\.messages).flatMap(\.attachments).first
        #expect(image?.fileName == "image_8.png")
        #expect(image?.sizeBytes == 70)
        #expect(image?.contentType == "image/png")
    }

    @Test("a malformed backup with no readable message is an error naming line and byte")
    func malformed() {
        #expect(
            throws: ImportError.syntax(
                file: Self.path("sbrp-malformed.xml"), offset: 142, line: 4,
                expected: "well-formed SMS Backup & Restore XML (error parsing attribute name); no message could be read")
        ) {
            try Self.read("sbrp-malformed.xml")
        }
    }

    @Test("invalid base64 media is reported and the part kept without a size")
    func corruptMedia() throws {
        let result = try Self.read("sbr2-corrupt_attachments.xml")
        #expect(
            result.diagnostics.map(\.message) == [
                "MMS part \"corrupt_image.png\" has invalid base64 data at character 3; kept without a size",
                "MMS part \"corrupt.file\" has invalid base64 data at character 3; kept without a size",
            ])
        let parts = result.transcript.channels[0].messages.flatMap(\.attachments)
        #expect(parts.map(\.contentType) == ["image/png", "application/x-corrupt"])
        #expect(parts.map(\.sizeBytes) == [nil, nil])
    }

    @Test("sent messages are the owner's, named by --me; entities and astral characters decoded")
    func owner() throws {
        let result = try Self.read("sbrp-edge_cases.xml", options: ImportOptions(me: "Dana"))
        let sent = try #require(result.transcript.channels.flatMap(\.messages).first { $0.isOutgoing == true })
        #expect(sent.author.name == "Dana")
        #expect(sent.content.text == "Hello 🌍 — this has «special» chars & symbols < > \" '")
        #expect(sent.timestamp == Timestamp(milliseconds: 1_609_462_800_000))
        let mms = try Self.read("sbrp-minimal_mms.xml").transcript.channels[0].messages[0]
        #expect(mms.content.text == "Test MMS Subject\nHello from MMS!")
        #expect(mms.attachments.map(\.fileName) == ["image.jpg"])
        #expect(mms.author.name == "+15551234567")
        #expect(mms.author.displayName == "Alice Smith")
        #expect(mms.attachments.map(\.sizeBytes) == [70])
    }
}
