import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// Each merged channel names the app its messages came from: its input format's, or the one a
/// Parley JSON Lines header gives it; a later input names it when the first does not, never
/// over it; the header record keeps it.
@Suite struct PlatformMergeTests {
    static func result(_ channels: [Channel], format: InputFormat) -> ImportResult {
        ImportResult(transcript: Transcript(title: "t", channels: channels), diagnostics: [], format: format)
    }

    @Test(arguments: [
        (InputFormat.discordChatExporter, Platform.discord), (.slack, .slack), (.whatsApp, .whatsApp), (.smsBackup, .sms),
        (.telegram, .telegram), (.chatGPT, .chatGPT), (.matrix, .matrix),
    ])
    func aChannelTakesItsInputFormatsApp(format: InputFormat, platform: Platform) {
        let merged = TranscriptMerger.merge([Self.result([Channel(id: ChannelID("a"), name: "a")], format: format)]).0
        #expect(merged.channels.map(\.platform) == [platform])
        #expect(format.platform == platform)
    }

    @Test func theFirstInputNamingAnAppDecides() {
        var named = Channel(id: ChannelID("a"), name: "a")
        named.platform = .telegram
        let stored = Self.result([Channel(id: ChannelID("a"), name: "a"), Channel(id: ChannelID("b"), name: "b")], format: .parleyJSONL)
        let merged = TranscriptMerger.merge([
            stored, Self.result([Channel(id: ChannelID("a"), name: "a")], format: .slack), Self.result([named], format: .parleyJSONL),
        ]).0
        #expect(merged.channels.map(\.platform) == [.slack, nil])
        let first = TranscriptMerger.merge([
            Self.result([named], format: .parleyJSONL), Self.result([Channel(id: ChannelID("a"), name: "a")], format: .slack),
        ]).0
        #expect(first.channels.map(\.platform) == [.telegram])
    }

    @Test func theHeaderRecordKeepsTheApp() throws {
        var chat = Channel(id: ChannelID("whatsapp:Ana"), name: "Ana")
        chat.platform = .whatsApp
        let transcript = Transcript(title: "t", channels: [chat, Channel(id: ChannelID("posted"), name: "posted")])
        let line = try ParleyJSONLWriter().headerLine(transcript)
        #expect(line.contains(#"{"id":"whatsapp:Ana","kind":"text","name":"Ana","platform":"whatsapp"}"#), "\(line)")
        #expect(line.contains(#"{"id":"posted","kind":"text","name":"posted"}"#), "\(line)")
        let read = try TranscriptReader().read(Data((line + "\n").utf8), file: "header.jsonl", format: .parleyJSONL)
        #expect(read.transcript.channels.map(\.platform) == [.whatsApp, nil])
    }

    @Test func anUnknownAppIsAnError() {
        let line = #"{"type":"header","format":"parley","version":1,"channels":[{"id":"a","name":"a","platform":"icq"}]}"# + "\n"
        #expect(throws: ImportError.self) { try TranscriptReader().read(Data(line.utf8), file: "header.jsonl", format: .parleyJSONL) }
    }
}
