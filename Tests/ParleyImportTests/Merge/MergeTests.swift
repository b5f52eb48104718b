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

    @Test func reRenderingTheSameExportChangesNothing() throws {
        let a = try Self.read("telegram-rich.json")
        let (merged, diagnostics) = TranscriptMerger.merge([a, a, a])
        #expect(merged == a.transcript)
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
