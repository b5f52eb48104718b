import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// What a hostile-input probe of `parley render` found in SMS backups: a message libxml2 refuses
/// ended the import and lost every later one; a body past 10 MB kept parley busy forever; an
/// address of 100,000 digits took minutes.
@Suite("SMS malformed input")
struct SMSMalformedInputTests {
    /// Messages One (line 5), the `bad` element (line 6), Three (7), an MMS Four (8-17) and Five (18).
    static func backup(bad: String) -> SMSBackupFile {
        var backup = SMSBackupFile()
        backup.sms("+1 415-555-0199", at: 1_709_287_200, body: "One", contact: "Alex Doe")
        backup.element(bad)
        backup.sms("+1 415-555-0199", at: 1_709_287_320, type: 2, body: "Three")
        backup.mms("+1 415-555-0199", from: "+1 415-555-0199", at: 1_709_287_380, text: "Four")
        backup.sms("+1 415-555-0199", at: 1_709_287_440, body: "Five")
        return backup
    }

    /// An `<sms>` of Alex's conversation whose body is written as `body`, its other attributes as `extra`.
    static func sms(body: String, extra: String = "") -> String {
        "<sms protocol=\"0\" address=\"+14155550199\" date=\"1709287260000\" type=\"1\"\(extra) body=\"\(body)\" read=\"1\" />"
    }

    /// Reads `backup` from a file (its line 6's `marker`, if given, replaced by `bytes`), whole and
    /// streamed; the texts of the messages, the diagnostics (path removed) and the path.
    static func read(_ backup: SMSBackupFile, replacing marker: String? = nil, with bytes: [UInt8] = []) throws -> (
        texts: [String], diagnostics: [String]
    ) {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("sms.xml").path
        var data = Data(backup.text.utf8)
        if let marker, let range = data.range(of: Data(marker.utf8)) { data.replaceSubrange(range, with: bytes) }
        try data.write(to: URL(fileURLWithPath: path))
        let result = try TranscriptReader().read(contentsOf: path)
        try StreamedChatCorpusTests.compare(path, expectedChannels: 1)
        return (
            result.transcript.channels.flatMap(\.messages).map(\.content.text),
            result.diagnostics.map { $0.description.replacingOccurrences(of: path, with: "sms.xml") }
        )
    }

    static let cases: [(name: String, bad: String, bytes: [UInt8], error: String)] = [
        ("a raw &", sms(body: "fish & chips"), [], "xmlParseEntityRef: no name"),
        ("a raw <", sms(body: "a<b"), [], "Unescaped '<' not allowed in attributes values"),
        ("an undefined entity", sms(body: "&nbsp; x"), [], "Entity 'nbsp' not defined"),
        ("&#0;", sms(body: "&#0; nul"), [], "xmlParseCharRef: invalid xmlChar value 0"),
        ("a reference past U+10FFFF", sms(body: "&#99999999; x"), [], "xmlParseCharRef: character reference out of bounds"),
        (
            "invalid UTF-8", sms(body: "bad BYTES utf8"), [0xFF, 0xFE, 0xC3, 0x28],
            "Input is not proper UTF-8, indicate encoding !\nBytes: 0xFF 0xFE 0xC3 0x28"
        ),
        ("an attribute given twice", sms(body: "Two", extra: " type=\"2\""), [], "Attribute type redefined"),
    ]

    @Test(
        "a message libxml2 refuses is skipped with its line named; the messages after it are kept",
        arguments: 0..<cases.count)
    func malformedMessage(_ index: Int) throws {
        let (_, bad, bytes, error) = Self.cases[index]
        let (texts, diagnostics) = try Self.read(Self.backup(bad: bad), replacing: bytes.isEmpty ? nil : "BYTES", with: bytes)
        #expect(texts == ["One", "Three", "Four", "Five"])
        #expect(
            diagnostics == [
                "sms.xml: line 6: malformed XML (\(error)); the message there is skipped, reading goes on at line 7",
                "sms.xml: <smses count>: the backup declares 5 messages; 4 were read",
            ])
    }

    @Test("an MMS with a malformed part is skipped from its start tag on; the messages after it are kept")
    func malformedPart() throws {
        var backup = Self.backup(bad: Self.sms(body: "Two"))
        backup.mms("+1 415-555-0199", from: "+1 415-555-0199", at: 1_709_287_500, text: "Six &nbsp;")
        backup.sms("+1 415-555-0199", at: 1_709_287_560, body: "Seven")
        let (texts, diagnostics) = try Self.read(backup)
        #expect(texts == ["One", "Two", "Three", "Four", "Five", "Seven"])
        #expect(
            diagnostics == [
                "sms.xml: line 20: malformed XML (Entity 'nbsp' not defined); the message there is skipped, reading goes on at line 27",
                "sms.xml: <smses count>: the backup declares 7 messages; 6 were read",
            ])
    }

    @Test("a body past 10 MB is refused at once, not read for minutes; the messages around it are kept")
    func hugeBody() throws {
        let (texts, diagnostics) = try Self.read(Self.backup(bad: Self.sms(body: String(repeating: "A", count: 11_000_000))))
        #expect(texts == ["One", "Three", "Four", "Five"])
        #expect(
            diagnostics == [
                "sms.xml: line 6: malformed XML (a tag or text here runs past 10000000 bytes (libxml2 reads one in quadratic time); "
                    + "not read); the message there is skipped, reading goes on at line 7",
                "sms.xml: <smses count>: the backup declares 5 messages; 4 were read",
            ])
    }

    @Test("a body of 8 MB, under the longest content a message may have (8 MiB), is still read")
    func largeBody() throws {
        let body = String(repeating: "B", count: 8_000_000)
        let (texts, diagnostics) = try Self.read(Self.backup(bad: Self.sms(body: body)))
        #expect(texts == ["One", body, "Three", "Four", "Five"])
        #expect(diagnostics.isEmpty)
    }

    /// The message is then refused, as before, for its channel id (`sms:` and the address) longer
    /// than 512 bytes; its channel stays, without messages.
    @Test("an address of 100,000 digits is not read as a phone number (libphonenumber parses in quadratic time), with a warning")
    func longAddress() throws {
        let digits = String(repeating: "9", count: 100_000)
        var backup = SMSBackupFile()
        backup.sms("+1 415-555-0199", at: 1_709_287_200, body: "One")
        backup.sms(digits, at: 1_709_287_260, body: "Long")
        backup.sms("+1 415-555-0199", at: 1_709_287_320, body: "Three")
        let result = try backup.read()
        #expect(result.transcript.channels.map(\.id.rawValue) == ["sms:+14155550199", "sms:" + digits])
        #expect(result.transcript.channels.map { $0.messages.map(\.content.text) } == [["One", "Three"], []])
        #expect(
            result.diagnostics.map(\.message) == [
                "an address of 100000 bytes is longer than a phone number is read (250); kept as written",
                "record skipped: field \"channel\": 100004 bytes; expected at most 512",
            ])
        #expect(result.diagnostics.first?.location == "line 6")
    }
}
