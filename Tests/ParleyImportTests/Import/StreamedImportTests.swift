import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// ChatGPT and Matrix exports streamed into a ``MessageSink`` give exactly the messages of the
/// whole-file import, per channel and in order, and the same header and diagnostics.
@Suite struct StreamedImportTests {
    /// Reads `path` both ways and checks the streamed result against the whole one.
    /// - Returns: how many messages were compared.
    @discardableResult
    static func expectSameAsWhole(_ path: String, sameDiagnostics: Bool = true) throws -> Int {
        let whole = try TranscriptReader().read(contentsOf: path)
        let sink = CollectingSink()
        let streamed = try TranscriptReader().read(contentsOf: path, into: sink)
        let withMessages = whole.transcript.channels.filter { !$0.messages.isEmpty }
        #expect(sink.order == withMessages.map(\.id), "\(path)")
        for channel in withMessages {
            #expect(sink.messages[channel.id] == channel.messages, "\(path): channel \(channel.id)")
        }
        var headers = whole.transcript
        for index in headers.channels.indices { headers.channels[index].messages = [] }
        #expect(streamed.transcript == headers, "\(path)")
        #expect([streamed.format, streamed.file] == [whole.format, whole.file] as [AnyHashable])
        #expect(streamed.groupingPolicy == whole.groupingPolicy)
        if sameDiagnostics { #expect(streamed.diagnostics.map(\.description) == whole.diagnostics.map(\.description), "\(path)") }
        return withMessages.reduce(0) { $0 + $1.messages.count }
    }

    /// The JSON files of `../shared/corpus/NAME`, sorted; none when that folder is absent.
    static func corpusFiles(_ name: String) -> [String] {
        let folder = TestPaths.corpus.appendingPathComponent(name)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0).path }
    }

    @Test(.enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent: the corpus tests are skipped"))
    func everyChatGPTCorpusFileStreamsAsItReadsWhole() throws {
        let files = Self.corpusFiles("chatgpt")
        var compared = 0
        for file in files { compared += try Self.expectSameAsWhole(file) }
        #expect(files.count == 3)
        #expect(compared == 27)
    }

    @Test(.enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent: the corpus tests are skipped"))
    func everyMatrixCorpusFileStreamsAsItReadsWhole() throws {
        for file in Self.corpusFiles("matrix") { try Self.expectSameAsWhole(file) }
    }

    @Test(arguments: [
        ("chatgpt-branches.json", 11), ("chatgpt-export.zip", 11), ("chatgpt-markers.json", 14), ("matrix-element-export.json", 22),
    ])
    func fixturesStreamAsTheyReadWhole(name: String, count: Int) throws {
        #expect(try Self.expectSameAsWhole(TestPaths.fixture(name).path) == count)
    }

    @Test func aChatGPTExportFolderStreamsItsConversations() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inner = folder.appendingPathComponent("export")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: TestPaths.fixture("chatgpt-branches.json"), to: inner.appendingPathComponent("conversations.json"))
        #expect(try Self.expectSameAsWhole(folder.path) == 11)
    }

    /// A file cut inside a record keeps every record before it, streamed as whole.
    @Test(arguments: [("chatgpt-branches.json", #""title": "Doc""#, 7), ("matrix-element-export.json", #""event_id": "$e20""#, 14)])
    func aFileCutShortStreamsWhatWasReadBeforeTheBreak(name: String, cutAfter marker: String, count: Int) throws {
        let text = try String(contentsOf: TestPaths.fixture(name), encoding: .utf8)
        let end = try #require(text.range(of: marker)).upperBound
        let cut = text.utf8.distance(from: text.utf8.startIndex, to: end)
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8.prefix(cut)).write(to: URL(fileURLWithPath: path))
        #expect(try Self.expectSameAsWhole(path) == count)
        let whole = try TranscriptReader().read(contentsOf: path)
        #expect(whole.diagnostics.contains { $0.description.contains("the file ends at byte \(cut) inside this record (truncated?)") })
    }

    /// A Matrix event as Element writes it.
    static func event(_ id: String, _ type: String, from sender: String, at time: Int, content: String) -> String {
        #"{"type": "\#(type)", "event_id": "\#(id)", "sender": "\#(sender)", "origin_server_ts": \#(time), "#
            + #""room_id": "!r:x", "content": \#(content)}"#
    }

    /// A room's messages and the events that relate to them: edits (one by another sender, one
    /// redacted, one of a missing event), reactions (one redacted) and a redaction; with
    /// `relationsFirst` every relating event comes before the events it relates to.
    static func room(relationsFirst: Bool) -> String {
        let targets = [
            event("$e1", "m.room.message", from: "@a:x", at: 1000, content: #"{"msgtype": "m.text", "body": "one"}"#),
            event("$e2", "m.room.message", from: "@b:x", at: 2000, content: #"{"msgtype": "m.text", "body": "two"}"#),
            event("$e3", "m.room.message", from: "@a:x", at: 3000, content: #"{"msgtype": "m.text", "body": "three"}"#),
            event("$e4", "m.room.message", from: "@b:x", at: 4000, content: #"{"msgtype": "m.text", "body": "four"}"#),
        ]
        func edit(_ id: String, of target: String, from sender: String, at time: Int, _ body: String) -> String {
            event(
                id, "m.room.message", from: sender, at: time,
                content: #"{"msgtype": "m.text", "body": "* \#(body)", "m.new_content": {"msgtype": "m.text", "body": "\#(body)"}, "#
                    + #""m.relates_to": {"rel_type": "m.replace", "event_id": "\#(target)"}}"#)
        }
        func reaction(_ id: String, to target: String, _ key: String) -> String {
            event(
                id, "m.reaction", from: "@c:x", at: 5000,
                content: #"{"m.relates_to": {"rel_type": "m.annotation", "event_id": "\#(target)", "key": "\#(key)"}}"#)
        }
        let relations = [
            edit("$x1", of: "$e1", from: "@a:x", at: 6000, "one, edited"),
            edit("$x2", of: "$e2", from: "@a:x", at: 6100, "not theirs"),
            edit("$x3", of: "$e4", from: "@b:x", at: 6200, "four, first edit"),
            edit("$x4", of: "$e4", from: "@b:x", at: 6300, "four, second edit"),
            edit("$x5", of: "$gone", from: "@b:x", at: 6400, "an edit of nothing"),
            reaction("$r1", to: "$e1", "👍"), reaction("$r2", to: "$e1", "👍"), reaction("$r3", to: "$e2", "❤️"),
            event("$d1", "m.room.redaction", from: "@a:x", at: 7000, content: #"{"redacts": "$r2"}"#),
            event("$d2", "m.room.redaction", from: "@b:x", at: 7100, content: #"{"redacts": "$x4"}"#),
            event("$d3", "m.room.redaction", from: "@a:x", at: 7200, content: #"{"redacts": "$e3", "reason": "spam"}"#),
        ]
        let events = relationsFirst ? relations + targets : targets + relations
        return #"{"room_name": "R", "messages": ["# + events.joined(separator: ",\n") + "]}"
    }

    @Test(arguments: [false, true])
    func relationsBeforeOrAfterTheirTargetStreamAsTheyReadWhole(relationsFirst: Bool) throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("room.json").path
        try Data(Self.room(relationsFirst: relationsFirst).utf8).write(to: URL(fileURLWithPath: path))
        #expect(try Self.expectSameAsWhole(path) == 5)
        let result = try TranscriptReader().read(contentsOf: path)
        let messages = try #require(result.transcript.channels.first).messages
        let byID = Dictionary(uniqueKeysWithValues: messages.map { ($0.id.rawValue, $0) })
        #expect(
            messages.map(\.id.rawValue) == (relationsFirst ? ["$x5", "$e1", "$e2", "$e3", "$e4"] : ["$e1", "$e2", "$e3", "$e4", "$x5"]))
        #expect(messages.map(\.content.text) == messages.map { byID[$0.id.rawValue]?.content.text })
        #expect(byID["$e1"]?.content.text == "one, edited")
        #expect(byID["$e1"]?.editedTimestamp == Timestamp(milliseconds: 6000))
        #expect(byID["$e1"]?.reactions == [Reaction(emoji: "👍", count: 1)])
        #expect(byID["$e2"]?.content.text == "two")
        #expect(byID["$e2"]?.editedTimestamp == nil)
        #expect(byID["$e2"]?.reactions == [Reaction(emoji: "❤️", count: 1)])
        #expect(byID["$e3"]?.content.text == "message deleted: spam")
        #expect(byID["$e3"]?.kind == .deleted)
        #expect(byID["$e4"]?.content.text == "four, first edit")
        #expect(byID["$x5"]?.content.text == "an edit of nothing")
        let otherSender = "\(path): messages[\(relationsFirst ? 1 : 5)]: edit of $e2 by @a:x, who did not send it; ignored"
        let missing = "\(path): messages[\(relationsFirst ? 4 : 8)]: edit of $gone, which is not in the export; shown as a message"
        #expect(result.diagnostics.map(\.description) == (relationsFirst ? [missing, otherSender] : [otherSender, missing]))
    }

    @Test func aDuplicateMatrixEventReachesTheSinkTwiceTheLaterLast() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("room.json").path
        let events = [
            Self.event("$e1", "m.room.message", from: "@a:x", at: 1000, content: #"{"msgtype": "m.text", "body": "first"}"#),
            Self.event("$e2", "m.room.message", from: "@a:x", at: 2000, content: #"{"msgtype": "m.text", "body": "two"}"#),
            Self.event("$e1", "m.room.message", from: "@a:x", at: 1000, content: #"{"msgtype": "m.text", "body": "again"}"#),
        ]
        try Data((#"{"room_name": "R", "messages": ["# + events.joined(separator: ",") + "]}").utf8).write(to: URL(fileURLWithPath: path))
        let sink = CollectingSink()
        let streamed = try TranscriptReader().read(contentsOf: path, into: sink)
        #expect(sink.received == 3)
        #expect(streamed.diagnostics.isEmpty)
        let whole = try TranscriptReader().read(contentsOf: path)
        #expect(
            whole.diagnostics.map(\.description) == [
                "\(path): messages[2]: duplicate event id $e1 (first seen at messages[0]); merged, later copy kept"
            ])
        #expect(try Self.expectSameAsWhole(path, sameDiagnostics: false) == 2)
        #expect(sink.messages[ChannelID("!r:x")]?.map(\.content.text) == ["again", "two"])
    }
}
