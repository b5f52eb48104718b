import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// The ChatGPT exports in `../shared/corpus/chatgpt/`; values checked by hand against the files.
@Suite(.enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent: the corpus tests are skipped"))
struct ChatGPTCorpusTests {
    static func path(_ name: String) -> String { TestPaths.corpus.appendingPathComponent("chatgpt/\(name)").path }
    static func read(_ name: String) throws -> ImportResult { try TranscriptReader().read(contentsOf: path(name)) }

    @Test func classicArrayLayoutWithNonStandardRoles() throws {
        let result = try Self.read("langchain-fake-conversations.json")
        #expect(result.format == .chatGPT)
        #expect(result.transcript.title == "ChatGPT")
        #expect(result.diagnostics.isEmpty)
        let channels = result.transcript.channels
        #expect(channels.map(\.name) == ["AI Overlords", "Ex Machina Party"])
        #expect(channels.map(\.id.rawValue) == ["conversation-msg1", "conversation-msg3"])
        #expect(channels.map(\.messages.count) == [2, 2])
        let first = channels[0].messages
        #expect(first.map(\.author) == [Author(id: AuthorID("AI"), name: "Hal 9000"), Author(id: AuthorID("human"), name: "Dave Bowman")])
        #expect(first.map(\.timestamp.description) == ["2065-01-24T05:20:50.000Z", "2065-01-24T05:21:20.000Z"])
        #expect(first[0].content == Content(text: "Greetings, humans. I am Hal 9000. You can trust me completely.", flavor: .commonMark))
    }

    @Test func conversationCasesKeepBranchesAndReportBrokenTrees() throws {
        let result = try Self.read("pulsar-conversation-cases.json")
        let channels = result.transcript.channels
        #expect(
            channels.map(\.name) == [
                "Attachment chat", "Cycle chat", "Linear chat", "Broken chat", "Regenerated answer", "Regenerated answer · branch 1",
                "Technical nodes", "Кириллица и 日本語", "Unknown content",
            ])
        #expect(channels.map(\.messages.count) == [2, 2, 2, 1, 2, 1, 2, 2, 2])
        let file = Self.path("pulsar-conversation-cases.json")
        #expect(
            result.diagnostics.map(\.description) == [
                "\(file): cycle.mapping: the parent links from node \"a\" form a cycle; the conversation's 2 shown messages are kept in time order",
                "\(file): missingParent.mapping: node \"a1\" names parent \"missing-node\", which is not in the mapping; the conversation's 1 shown messages are kept in time order",
                "\(file): attachment: messages without \"create_time\" in 7 conversation(s); each is placed 1 ms after the message before it",
            ])
        let regenerated = channels[4], branch = channels[5]
        #expect(regenerated.messages.map(\.content.text) == ["Give me an answer", "NEW ACTIVE ANSWER"])
        #expect(branch.id == ChannelID("regenerate~a-old"))
        #expect(branch.messages.map(\.content.text) == ["OLD BRANCH ANSWER"])
        #expect(
            branch.branchPoint == BranchPoint(channel: ChannelID("regenerate"), parent: MessageID("u1"), alternativeTo: MessageID("a-new")))
        #expect(branch.kind == .thread)
        #expect(branch.category == "Regenerated answer")
        #expect(channels[6].messages.map(\.content.text) == ["Visible user", "Visible assistant"])
        #expect(channels[8].messages[1].content.text == "Visible text")
        #expect(channels[8].messages[1].attachments.map(\.fileName) == ["future_widget"])
        let upload = try #require(channels[0].messages[0].attachments.first)
        #expect([upload.id, upload.fileName, upload.contentType] == ["file-example-123", "example.zip", "application/zip"])
        #expect(channels[2].messages.map(\.timestamp.description) == ["2026-08-09T12:47:12.000Z", "2026-08-09T12:48:01.000Z"])
        #expect(channels[2].messages.map(\.author.shownName) == ["You", "ChatGPT"])
    }

    @Test func hardeningCasesHideInternalNodesAndShowEachFileOnce() throws {
        let result = try Self.read("pulsar-hardening-cases.json")
        let channels = result.transcript.channels
        #expect(
            channels.map(\.id.rawValue) == ["duplicateFileService", "duplicateSediment", "internalRecipient", "knownImage", "reasoning"])
        #expect(channels.map(\.messages.count) == [1, 1, 2, 1, 2])
        #expect(channels[0].messages[0].attachments.map(\.fileName) == ["example-archive.zip"])
        #expect(channels[1].messages[0].attachments.map(\.fileName) == ["example.zip"])
        #expect(channels[2].messages.map(\.content.text) == ["Search for this", "VISIBLE FINAL ANSWER"])
        #expect(channels[4].messages.map(\.content.text) == ["Solve it", "PUBLIC RESULT"])
        #expect(
            channels[3].messages[0].attachments == [
                Attachment(id: "image_456", url: "sediment://image_456", fileName: "image_456", sizeBytes: 1234, description: "image")
            ])
        #expect(result.diagnostics.count == 1)
    }
}
