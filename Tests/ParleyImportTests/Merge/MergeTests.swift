import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// Several inputs, one transcript: overlapping exports give each message once, a later edit
/// wins, and a real conflict is reported.
@Suite struct MergeTests {
    static func read(_ name: String) throws -> ImportResult { try TranscriptReader().read(contentsOf: TestPaths.fixture(name).path) }

    @Test func overlappingExportsGiveEachMessageOnceAndTheLaterEditWins() throws {
        let a = try Self.read("telegram-overlap-a.json"), b = try Self.read("telegram-overlap-b.json")
        let (merged, diagnostics) = TranscriptMerger.merge([a, b])
        #expect(merged.channels.count == 1)
        #expect(merged.channels[0].messages.map(\.content.text) == ["one", "two, edited", "three?", "four"])
        #expect(
            diagnostics.map(\.description) == [
                "\(b.file): channel Overlap, message 3: differs from the copy in \(a.file) (same edit time, different content); this input's copy is kept"
            ])
        let (reversed, reversedDiagnostics) = TranscriptMerger.merge([b, a])
        #expect(reversed.channels[0].messages.map(\.content.text) == ["two, edited", "three", "four", "one"])
        #expect(reversedDiagnostics.map(\.location) == ["channel Overlap, message 3"])
    }

    @Test func everyMessageMetAgainIsAMergedCopy() throws {
        let a = try Self.read("telegram-overlap-a.json"), b = try Self.read("telegram-overlap-b.json")
        let (merged, diagnostics, copies) = TranscriptMerger.mergeReporting([a, b, a])
        #expect(merged.channels[0].messages.map(\.content.text) == ["one", "two, edited", "three", "four"])
        let copy = { (id: String, first: ImportResult, later: ImportResult, outcome: MergedCopy.Outcome) in
            MergedCopy(
                channel: ChannelID("4242"), channelName: "Overlap", id: MessageID(id), first: first.file, later: later.file,
                outcome: outcome)
        }
        #expect(
            copies == [
                copy("2", a, b, .laterEdit), copy("3", a, b, .sameEditTime), copy("1", a, a, .identical), copy("2", b, a, .olderIgnored),
                copy("3", b, a, .sameEditTime),
            ])
        #expect(diagnostics.map(\.location) == ["channel Overlap, message 3", "channel Overlap, message 3"])
    }

    @Test(
        arguments: [
            (nil, nil, true, MergedCopy.Outcome.identical), (nil, 1, false, .laterEdit), (2, 1, false, .olderIgnored),
            (1, 1, false, .sameEditTime), (nil, nil, false, .sameEditTime), (1, nil, false, .olderIgnored),
        ] as [(Int64?, Int64?, Bool, MergedCopy.Outcome)])
    func outcome(first: Int64?, later: Int64?, identical: Bool, expected: MergedCopy.Outcome) {
        #expect(MergedCopy.Outcome(first: first, later: later, identical: identical) == expected)
        #expect(expected.keepsLater == (expected == .laterEdit || expected == .sameEditTime))
    }

    /// A duplicate id names the record of its first copy, also when a record before it was skipped
    /// (the whole import keeps fewer messages than the file has records).
    @Test func aDuplicateNamesTheRecordOfTheFirstCopy() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let discord = folder.appendingPathComponent("discord.json")
        let record = { (id: Int, text: String) in
            #"{"id": "\#(id)", "type": "Default", "timestamp": "2024-03-01T00:0\#(id):00Z", "content": "\#(text)", "author": {"id": "u", "name": "u"}}"#
        }
        let discordRecords = [#"{"id": "9"}"#, record(1, "one"), record(2, "two"), record(1, "one again"), record(1, "one, third")]
        try Data(
            (#"{"guild": {"id": "g", "name": "G"}, "channel": {"id": "c", "name": "c"}, "messages": ["#
                + discordRecords.joined(separator: ",") + "]}").utf8
        ).write(to: discord)
        let discordResult = try TranscriptReader().read(contentsOf: discord.path)
        #expect(discordResult.transcript.channels[0].messages.map(\.content.text) == ["one, third", "two"])
        #expect(
            discordResult.diagnostics.dropFirst().map(\.description) == [
                "\(discord.path): messages[3]: duplicate message id 1 (first seen at messages[1]); merged, later copy kept",
                "\(discord.path): messages[4]: duplicate message id 1 (first seen at messages[1]); merged, later copy kept",
            ])
        let telegram = folder.appendingPathComponent("result.json")
        let message = { (id: Int, text: String) in
            #"{"id": \#(id), "type": "message", "date_unixtime": "170000000\#(id)", "from": "Ana", "from_id": "user1", "text": "\#(text)"}"#
        }
        let telegramRecords = [#"{"id": 9, "type": "message"}"#, message(1, "one"), message(2, "two"), message(1, "one again")]
        try Data((#"{"name": "T", "type": "personal_chat", "id": 7, "messages": ["# + telegramRecords.joined(separator: ",") + "]}").utf8)
            .write(to: telegram)
        let telegramResult = try TranscriptReader().read(contentsOf: telegram.path)
        #expect(telegramResult.transcript.channels[0].messages.map(\.content.text) == ["one again", "two"])
        #expect(
            telegramResult.diagnostics.map(\.description).filter { $0.contains("duplicate") } == [
                "\(telegram.path): messages[3]: duplicate message id 1 (first seen at messages[1]); merged, later copy kept"
            ])
        #expect(telegramResult.diagnostics.count(where: \.skipsRecord) == 1)
    }

    @Test func reRenderingTheSameExportChangesNothing() throws {
        let a = try Self.read("telegram-rich.json")
        let (merged, diagnostics) = TranscriptMerger.merge([a, a, a])
        var expected = a.transcript
        expected.channels[0].platform = .telegram
        #expect(merged == expected)
        #expect(diagnostics == a.diagnostics + a.diagnostics + a.diagnostics)
    }

    @Test(
        arguments: [
            (nil, 1, TranscriptMerger.Resolution.takeIncoming),
            (2, 1, .keepExisting),
            (1, 2, .takeIncoming),
            (1, 1, .conflict),
            (nil, nil, .conflict),
        ] as [(Int64?, Int64?, TranscriptMerger.Resolution)])
    func resolution(existingEdit: Int64?, incomingEdit: Int64?, expected: TranscriptMerger.Resolution) {
        let author = Author(id: AuthorID("a"), name: "a")
        let existing = Message(
            id: MessageID("1"), channel: ChannelID("c"), author: author, timestamp: Timestamp(milliseconds: 0),
            editedTimestamp: existingEdit.map { Timestamp(milliseconds: $0) }, content: Content(text: "x"))
        var incoming = existing
        incoming.editedTimestamp = incomingEdit.map { Timestamp(milliseconds: $0) }
        incoming.content.text = "y"
        #expect(TranscriptMerger.resolve(existing, incoming) == expected)
        #expect(TranscriptMerger.resolve(existing, existing) == .takeIncoming)
    }

    @Test func eachChannelKeepsTheGroupingRuleOfItsFormat() throws {
        let telegram = try Self.read("telegram-rich.json"), matrix = try Self.read("matrix-element-export.json")
        let policies = TranscriptMerger.groupingPolicies([telegram, matrix])
        #expect(policies == [ChannelID("1234567890"): .telegram, ChannelID("!room:example.org"): .element])
    }
}
