import Foundation
import ParleyImport
import ParleyModel
import Testing

/// A channel's former ids (``Channel/formerIDs``) are written in its header entry only when it has
/// some, read back as written, absent in files written before them, and joined by the merge.
@Suite struct FormerChannelIDTests {
    static func transcript(_ channels: [Channel]) -> Transcript { Transcript(title: "T", channels: channels) }

    static func channel(_ id: String, formerIDs: [String]) -> Channel {
        var channel = Channel(id: ChannelID(id), name: id)
        channel.formerIDs = formerIDs.map { ChannelID($0) }
        return channel
    }

    @Test func theHeaderWritesThemOnlyWhenThereAreSomeAndReadsThemBack() throws {
        let transcript = Self.transcript([
            Self.channel("sms:+14155550199", formerIDs: ["sms:4155550199", "sms:14155550199"]), Self.channel("b", formerIDs: []),
        ])
        let data = try ParleyJSONLWriter().encode(transcript, policy: .discord, channelPolicies: [:])
        let header = try #require(String(decoding: data, as: UTF8.self).split(separator: "\n").first)
        #expect(
            header.contains(
                #""channels":[{"formerIDs":["sms:4155550199","sms:14155550199"],"id":"sms:+14155550199","kind":"text","name":"sms:+14155550199"},"#
                    + #"{"id":"b","kind":"text","name":"b"}]"#))
        let read = try TranscriptReader().read(data, file: "former.jsonl").transcript
        #expect(read.channels.map(\.formerIDs) == [[ChannelID("sms:4155550199"), ChannelID("sms:14155550199")], []])
    }

    @Test func aFileWrittenBeforeThemReadsAsChannelsWithoutAny() throws {
        let line = #"{"type":"header","format":"parley","version":1,"channels":[{"id":"4242","name":"Forum Club","kind":"group"}]}"#
        let read = try TranscriptReader().read(Data((line + "\n").utf8), file: "old.jsonl")
        #expect(read.transcript.channels.map(\.formerIDs) == [[]])
        #expect(read.diagnostics.isEmpty)
    }

    @Test func theMergeJoinsEveryCopysFormerIDsFirstSeenFirst() {
        let first = ImportResult(
            transcript: Self.transcript([Self.channel("x", formerIDs: ["a", "b"])]), diagnostics: [], format: .parleyJSONL)
        let second = ImportResult(
            transcript: Self.transcript([Self.channel("x", formerIDs: ["c", "a"])]), diagnostics: [], format: .parleyJSONL)
        let third = ImportResult(transcript: Self.transcript([Self.channel("x", formerIDs: [])]), diagnostics: [], format: .parleyJSONL)
        let merged = TranscriptMerger.merge([third, first, second]).0
        #expect(merged.channels.map(\.formerIDs) == [[ChannelID("a"), ChannelID("b"), ChannelID("c")]])
    }
}
