import Foundation
import ParleyImport
import ParleyModel
import Testing

/// A member nested 100,000 levels deep in one record of an export read as a tree of values
/// (ChatGPT, Matrix) crashed the import: decoding or freeing it recursed past the end of the
/// stack. What lies deeper than 512 levels is read as `null`, with a warning naming the record,
/// and the messages are kept.
@Suite struct DeepNestingTests {
    static let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)

    @Test func aChatGPTConversationWithADeepMemberKeepsItsMessages() throws {
        let json = """
            [{"title": "T", "conversation_id": "c", "current_node": "a1", "mapping": {
              "root": {"id": "root", "message": null, "parent": null, "children": ["a1"]},
              "a1": {"id": "a1", "parent": "root", "children": [], "message": {"id": "a1", "author": {"role": "assistant"},
                "create_time": 1735689602.0, "content": {"content_type": "text", "parts": ["hello"]}, "recipient": "all",
                "metadata": {"deep": \(Self.deep)}}}}}]
            """
        let result = try TranscriptReader().read(Data(json.utf8), file: "c.json", format: .chatGPT)
        #expect(result.transcript.channels.flatMap(\.messages).map(\.content.text) == ["hello"])
        #expect(
            result.diagnostics.map(\.description) == [
                "c.json: $[0]: a value nested deeper than 512 levels was read as null, what it held dropped"
            ])
    }

    @Test func aMatrixEventWithADeepMemberKeepsItsMessages() throws {
        let json = """
            {"room_name": "R", "messages": [
              {"type": "m.room.message", "sender": "@a:x", "content": {"msgtype": "m.text", "body": "one", "extra": \(Self.deep)},
               "origin_server_ts": 1710000000000, "event_id": "$e1", "room_id": "!r:x"},
              {"type": "m.room.message", "sender": "@a:x", "content": {"msgtype": "m.text", "body": "two"},
               "origin_server_ts": 1710000001000, "event_id": "$e2", "room_id": "!r:x"}]}
            """
        let result = try TranscriptReader().read(Data(json.utf8), file: "m.json", format: .matrix)
        #expect(result.transcript.channels.flatMap(\.messages).map(\.content.text) == ["one", "two"])
        #expect(
            result.diagnostics.map(\.description) == [
                "m.json: messages[0]: a value nested deeper than 512 levels was read as null, what it held dropped"
            ])
    }
}
