import Foundation
import ParleyJSON
import ParleyModel
import ParleyTestSupport
import Testing

@testable import ParleyImport

/// A record of a stream is read alike whether it comes as a tree of values or as a tape: each
/// importer asks for one form and reads the other the same, over the real exports of the corpus.
@Suite("Record forms", .enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent"))
struct RecordFormTests {
    /// The events of `file`'s lists, records as trees, and the envelope.
    static func events(_ file: String, lists: Set<String>) throws -> ([JSONStreamEvent], JSONValue) {
        var events: [JSONStreamEvent] = []
        let reader = JSONStreamReader(lists: lists) { events.append($0) }
        let bytes = try Data(contentsOf: TestPaths.corpus.appendingPathComponent(file))
        try bytes.withUnsafeBytes { try reader.read($0) }
        return (events, try reader.finish())
    }

    /// `events` with each record as a tape.
    static func taped(_ events: [JSONStreamEvent]) -> [JSONStreamEvent] {
        events.map { event in
            guard case let .record(list, path, index, value) = event else { return event }
            return .tapedRecord(list: list, path: path, index: index, tape: JSONTape(value))
        }
    }

    @Test(arguments: ["dcef-general.json", "chat-analytics-SV_5A_5M.json", "dcef-thread.json"])
    func discordReadsTreesAsItsTapes(file: String) throws {
        let (events, envelope) = try Self.events("discord/\(file)", lists: ["messages"])
        var fromTrees = DiscordExportReading(file: file)
        var fromTapes = DiscordExportReading(file: file)
        for event in events { fromTrees.take(event) }
        for event in Self.taped(events) { fromTapes.take(event) }
        try fromTrees.finish(envelope)
        try fromTapes.finish(envelope)
        #expect(fromTrees.messages.count == ["dcef-general.json": 35, "chat-analytics-SV_5A_5M.json": 4, "dcef-thread.json": 5][file])
        #expect(fromTrees.messages == fromTapes.messages)
        #expect(fromTrees.diagnostics == fromTapes.diagnostics)
    }

    @Test(arguments: ["chat-miner-batch-export.json", "chat-analytics-MultiChat_2C_6M.json"])
    func telegramReadsTapesAsTheirTrees(file: String) throws {
        let lists: Set<String> = ["messages", "chats.list[].messages", "left_chats.list[].messages"]
        let (events, envelope) = try Self.events("telegram/\(file)", lists: lists)
        var fromTrees = TelegramExportReading(file: file)
        var fromTapes = TelegramExportReading(file: file)
        for event in events { fromTrees.take(event) }
        for event in Self.taped(events) { fromTapes.take(event) }
        let trees = try fromTrees.finish(envelope, truncated: false)
        let tapes = try fromTapes.finish(envelope, truncated: false)
        #expect(trees.0.channels.flatMap(\.messages).count == (file.hasPrefix("chat-miner") ? 2 : 6))
        #expect(trees.0 == tapes.0)
        #expect(trees.1 == tapes.1)
    }
}
