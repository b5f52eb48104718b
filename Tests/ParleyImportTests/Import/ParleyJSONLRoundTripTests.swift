import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// Writing any import as Parley JSON Lines and reading it back gives the same transcript and
/// grouping rules.
@Suite struct ParleyJSONLRoundTripTests {
    static func roundTrip(_ result: ImportResult) throws -> ImportResult {
        let data = try ParleyJSONLWriter().encode(result.transcript, policy: result.groupingPolicy, channelPolicies: result.channelPolicies)
        return try TranscriptReader().read(data, file: "round-trip.jsonl")
    }

    static let fixtures = [
        "telegram-rich.json", "telegram-desktop-forum.json", "chatgpt-branches.json", "chatgpt-markers.json", "matrix-element-export.json",
        "tiny.json",
        "parley-demo.jsonl",
    ]

    @Test(arguments: fixtures)
    func fixtureSurvivesTheRoundTrip(name: String) throws {
        let original = try TranscriptReader().read(contentsOf: TestPaths.fixture(name).path)
        let copy = try Self.roundTrip(original)
        #expect(copy.format == .parleyJSONL)
        #expect(copy.transcript == original.transcript)
        #expect(copy.groupingPolicy == original.groupingPolicy)
        #expect(copy.diagnostics.isEmpty)
    }

    static let corpusFiles = [
        "telegram/chat-analytics-DM_2A_7M.json", "telegram/chat-analytics-MultiChat_2C_6M.json", "telegram/chat-miner-batch-export.json",
        "telegram/chat-miner-single-export.json", "chatgpt/langchain-fake-conversations.json", "chatgpt/pulsar-conversation-cases.json",
        "chatgpt/pulsar-hardening-cases.json", "discord/dcef-general.json",
    ]

    @Test(.enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent"), arguments: corpusFiles)
    func corpusFileSurvivesTheRoundTrip(name: String) throws {
        let original = try TranscriptReader().read(contentsOf: TestPaths.corpus.appendingPathComponent(name).path)
        let copy = try Self.roundTrip(original)
        #expect(copy.transcript == original.transcript)
        #expect(copy.groupingPolicy == original.groupingPolicy)
    }

    @Test func mergedFormatsKeepEachChannelsGroupingRule() throws {
        let telegram = try TranscriptReader().read(contentsOf: TestPaths.fixture("telegram-rich.json").path)
        let matrix = try TranscriptReader().read(contentsOf: TestPaths.fixture("matrix-element-export.json").path)
        let (merged, _) = TranscriptMerger.merge([telegram, matrix])
        let policies = TranscriptMerger.groupingPolicies([telegram, matrix])
        let data = try ParleyJSONLWriter().encode(merged, policy: .telegram, channelPolicies: policies)
        let copy = try TranscriptReader().read(data, file: "merged.jsonl")
        #expect(copy.transcript == merged)
        #expect(copy.groupingPolicy == .telegram)
        #expect(copy.channelPolicies == [ChannelID("!room:example.org"): .element])
        #expect(copy.policy(for: ChannelID("1234567890")) == .telegram)
    }

    @Test func theHeaderLineRecordsChannelsDirectoryAndGrouping() throws {
        let original = try TranscriptReader().read(contentsOf: TestPaths.fixture("parley-demo.jsonl").path)
        let text = String(decoding: try ParleyJSONLWriter().encode(original.transcript), as: UTF8.self)
        #expect(
            text == """
                {"channels":[{"id":"general","kind":"text","name":"general"}],"directory":{"channels":{},"emoji":{},"roles":{},"users":{}},"format":"parley","grouping":{"maximumGapMilliseconds":420000},"title":"Demo","type":"header","version":1}
                {"author":{"id":"u1","name":"maya"},"channel":"general","content":"Hello, everyone!","edited":"2024-03-08T09:16:00.000Z","id":"1","reactions":[{"count":1,"emoji":"👍"}],"timestamp":"2024-03-08T09:15:02.123Z","type":"message"}

                """)
    }
}
