import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// Our own `conversations.json` (`Fixtures/chatgpt-branches.json`): a regenerated answer and an
/// edited prompt on one conversation, content types the corpus lacks, an unknown `current_node`.
@Suite struct ChatGPTFixtureTests {
    static func read() throws -> ImportResult {
        try TranscriptReader().read(contentsOf: TestPaths.fixture("chatgpt-branches.json").path)
    }

    @Test func regeneratedAnswersAndEditedPromptsBecomeReachableBranches() throws {
        let channels = try Self.read().transcript.channels
        #expect(channels.map(\.id.rawValue) == ["conv-1", "conv-1~a1", "conv-1~u2", "conv-2", "conv-3"])
        #expect(channels[0].messages.map(\.id.rawValue) == ["u1", "a1b", "u2b", "a2b"])
        #expect(
            channels[0].messages.map(\.timestamp.milliseconds) == [
                1_700_000_001_500, 1_700_000_003_000, 1_700_000_006_000, 1_700_000_007_000,
            ])
        #expect(channels[1].messages.map(\.content.text) == ["Answer one"])
        #expect(
            channels[1].branchPoint == BranchPoint(channel: ChannelID("conv-1"), parent: MessageID("u1"), alternativeTo: MessageID("a1b")))
        #expect(channels[2].name == "Branches · branch 2")
        #expect(channels[2].messages.map(\.content.text) == ["Second prompt (original)", "Answer to original"])
        #expect(
            channels[2].branchPoint == BranchPoint(channel: ChannelID("conv-1"), parent: MessageID("a1b"), alternativeTo: MessageID("u2b")))
    }

    @Test func codeQuotesAndTextPartsBecomeCommonMark() throws {
        let messages = try Self.read().transcript.channels[3].messages
        #expect(
            messages.map(\.content.text) == [
                "```python\nprint(1)\n```", "> line1\n> line2\n\n— [Doc](https://example.org)", "Text after null\n\nspoken words",
            ])
        #expect(messages.allSatisfy { $0.content.flavor == .commonMark })
    }

    @Test func anUnknownCurrentNodeIsReportedAndItsMessagesKept() throws {
        let result = try Self.read()
        #expect(result.transcript.channels[4].messages.map(\.content.text) == ["kept"])
        #expect(
            result.diagnostics.map(\.message) == [
                "conversation conv-3: current_node \"nowhere\" is not in the mapping; the shown branch ends at its only leaf, \"x\", and the other branches are kept"
            ])
        #expect(result.diagnostics.map(\.location) == ["[2].current_node"])
    }

    @Test func aMappingOfTheWrongTypeNamesThePath() {
        let json = #"[{"title":"x","mapping":[],"current_node":"a"}]"#
        let error = #expect(throws: ImportError.self) { try TranscriptReader().read(Data(json.utf8), file: "c.json", format: .chatGPT) }
        #expect(error?.description == "c.json: at [0].mapping: a value of type object")
    }
}
