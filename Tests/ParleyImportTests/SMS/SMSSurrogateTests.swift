import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// Android writes a character outside the Basic Multilingual Plane (most emoji) as two numeric
/// references to UTF-16 surrogates, which XML forbids: they are read as the one character, and a
/// surrogate without its pair as U+FFFD, reported. Before, one such reference lost the whole file.
@Suite("SMS surrogate references")
struct SMSSurrogateTests {
    static var backup: SMSBackupFile {
        var backup = SMSBackupFile()
        backup.sms("+1 415-555-0199", at: 1_709_287_200, body: "Thumbs &#55357;&#56397; up", contact: "Ana &#55357;&#56842;")
        backup.sms("+1 415-555-0199", at: 1_709_287_260, type: 2, body: "Cut short &#55357; here, &#56397; there")
        backup.mms("+1 415-555-0199", from: "+1 415-555-0199", at: 1_709_287_320, text: "&#xD83C;&#xDF89; party")
        backup.sms("+1 415-555-0199", at: 1_709_287_380, body: "After &#55357;")
        return backup
    }

    @Test("pairs are one character, lone surrogates U+FFFD, counted once with the first one's place")
    func repaired() throws {
        let path = try Self.backup.write()
        let result = try TranscriptReader().read(contentsOf: path)
        #expect(result.transcript.channels.map(\.name) == ["Ana 😊"])
        #expect(
            result.transcript.channels[0].messages.map(\.content.text) == [
                "Thumbs 👍 up", "Cut short \u{FFFD} here, \u{FFFD} there", "🎉 party", "After \u{FFFD}",
            ])
        #expect(result.transcript.channels[0].messages[0].author.displayName == "Ana 😊")
        #expect(
            result.diagnostics.map(\.description) == [
                "\(path): line 6, byte 681: 3 UTF-16 surrogate character references without its pair (emoji are written as two, "
                    + "such as &#55357;&#56397;) read as U+FFFD; the first is here"
            ])
        try StreamedChatCorpusTests.compare(path, expectedChannels: 1)
    }
}
