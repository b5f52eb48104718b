import Foundation
import ParleyModel
import ParleyServerTestSupport
import ParleyWaitSupport
import Synchronization
import Testing

@testable import ParleySite

/// `parley serve --demo --db`: the demo's steps are committed through ``EventIngest/ingest(_:to:)``
/// like posts, so a channel changed by both has the database's versions, in order, and a restart
/// rebuilds its page.
@Suite(.stretchedTimeLimit(minutes: 1)) struct DemoIngestTests {
    /// The versions the demo's sink and the posts were given, in the order they were given.
    final class VersionLog: Sendable {
        private let values = Mutex<[Int]>([])

        func add(_ version: Int) { values.withLock { $0.append(version) } }
        var all: [Int] { values.withLock { $0 } }
    }

    /// 2024-04-01T10:00:00Z.
    static let start: Int64 = 1_711_965_600_000

    @Test func demoStepsAndPostsInterleavedGetTheDatabasesIncreasingVersions() throws {
        let fixture = try IngestFixture.start()
        defer { IngestFixture.removeDatabase(fixture.database) }
        let server = fixture.server, id = ChannelID("c1"), log = VersionLog()
        let ingest = fixture.ingest
        let channel = try #require(ingest.channels.withLock { $0[id] })
        let demo = DemoConversation(channel: channel, sink: { log.add((try? ingest.ingest($0, to: id)) ?? -1) }, running: false)
        for (index, step) in demo.script().enumerated() {
            demo.perform(step, round: 0, at: Timestamp(milliseconds: Self.start + Int64(index) * 1000))
            guard index % 4 == 0 else { continue }
            let reply = try fixture.post(IngestFixture.message("p\(index)", minute: index))
            let json = try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any]
            log.add(json?["version"] as? Int ?? -1)
        }
        let stored = try fixture.store.events(in: "c1")
        #expect(log.all == Array(1...stored.count))
        #expect(stored.map(\.version) == log.all)
        #expect(stored.count == 56, "44 demo steps with events, 12 posts")
        let ana = ##"{"avatarURL":"https://cdn.example.org/a.png","color":"#C0FFEE","displayName":"Ana","id":"11","name":"ana"}"##
        #expect(
            stored.first?.record
                == #"{"author":"# + ana + #","channel":"c1","content":"Who's joining the picnic tomorrow?","id":"demo-0-ask","#
                + #""timestamp":"2024-04-01T10:00:00.000Z","type":"message"}"#)
        #expect(stored.filter { $0.record.contains(#""id":"p"#) }.count == 12)
        let before = try HTTPTestResponse.get("/c/c1", port: server.port).text
        #expect(HTMLScan.version(before) == stored.count)
        #expect(
            HTMLScan.articleIDs(before)
                == (101...109).map { "m-\($0)" }
                + ["m-demo-0-ask", "m-p0", "m-demo-0-cooler", "m-demo-0-cooler2", "m-demo-0-count", "m-demo-0-bot"]
                + stride(from: 4, through: 44, by: 4).map { "m-p\($0)" })
        server.stop()

        let second = try IngestFixture.start(database: fixture.database)
        defer { second.server.stop() }
        let after = try HTTPTestResponse.get("/c/c1", port: second.server.port).text
        #expect(HTMLScan.version(after) == stored.count)
        #expect(HTMLScan.main(after)?.content == HTMLScan.main(before)?.content)
        let restarted = try #require(second.ingest.channels.withLock { $0[id] })
        #expect(demo.firstRound == 0)
        #expect(DemoConversation(channel: restarted, sink: { _ in }, running: false).firstRound == 1, "round 0's ids are taken")
        #expect(DemoConversation.round(of: MessageID("demo-12-ask")) == 12)
        #expect(DemoConversation.round(of: MessageID("demo-x-ask")) == nil)
        #expect(DemoConversation.round(of: MessageID("p4")) == nil)
    }

    @Test func inProcessBatchesAreAllOrNothingWithOrWithoutADatabase() throws {
        let fixture = try IngestFixture.start()
        defer { fixture.stopAndDeleteDatabase() }
        let c1 = ChannelID("c1"), author = Author(id: AuthorID("u9"), name: "bot")
        let note = TranscriptEvent.message(
            Message(
                id: MessageID("x1"), channel: c1, author: author, timestamp: Timestamp(milliseconds: Self.start),
                content: Content(text: "x")))
        let missing = TranscriptEvent.delete(channel: c1, id: MessageID("nope"))
        #expect(throws: IngestError.rejected(index: 1, .unknownMessage(channel: c1, id: MessageID("nope")))) {
            try fixture.ingest.ingest([note, missing], to: c1)
        }
        #expect(throws: IngestError.foreignEvent(index: 0, channel: c1, expected: ChannelID("c2"))) {
            try fixture.ingest.ingest([note], to: ChannelID("c2"))
        }
        #expect(try fixture.store.events(in: "c1").isEmpty)
        #expect(try fixture.ingest.ingest([note, .append(channel: c1, id: MessageID("x1"), text: "y")], to: c1) == 2)
        #expect(try fixture.ingest.ingest([], to: c1) == 2)
        #expect(try fixture.store.events(in: "c1").map(\.record).last == #"{"channel":"c1","id":"x1","text":"y","type":"append"}"#)

        let (live, server, plain) = try LiveReconnectTests.serve()
        defer { server.stop() }
        let id = LiveReconnectTests.channelID
        #expect(throws: IngestError.rejected(index: 0, .unknownMessage(channel: id, id: MessageID("nope")))) {
            try plain.ingest([.delete(channel: id, id: MessageID("nope"))], to: id)
        }
        #expect(try plain.ingest([.delete(channel: id, id: MessageID("s1"))], to: id) == 1)
        #expect(live.version == 1)
        #expect(throws: IngestError.unknownChannel(ChannelID("c9"))) { try plain.ingest([], to: ChannelID("c9")) }
    }
}
