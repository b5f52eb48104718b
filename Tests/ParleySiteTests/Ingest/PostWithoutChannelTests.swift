import Foundation
import ParleyServer
import ParleyServerTestSupport
import ParleyStore
import Testing

/// `POST /c/{channel}/events` with events that leave `channel` out: the address names it; an
/// event that names another channel is still refused, and what is stored names the channel.
@Suite(.stretchedTimeLimit(minutes: 1)) struct PostWithoutChannelTests {
    /// `IngestFixture.message(id)` without its `"channel":"c1"` member.
    static func bare(_ id: String, minute: Int = 0) -> String {
        IngestFixture.message(id, minute: minute).replacingOccurrences(of: #""channel":"c1","#, with: "")
    }

    /// What the event store keeps for `bare(id)`: the encoder's record, naming the channel.
    static func stored(_ id: String, minute: Int = 0) -> String {
        let time = String(format: "2024-04-01T10:%02d:00.000Z", minute)
        return
            #"{"author":{"id":"u9","name":"bot"},"channel":"c1","content":"hello","id":"\#(id)","timestamp":"\#(time)","type":"message"}"#
    }

    @Test func eventsWithoutChannelGoToTheAddressedChannelAndSurviveARestart() throws {
        let database = IngestFixture.temporaryDatabase()
        defer { IngestFixture.removeDatabase(database) }
        let first = try IngestFixture.start(database: database)
        let body = [
            Self.bare("n1"), IngestFixture.message("n2", minute: 1), #"{"type":"edit","id":"n1","content":"edited"}"#,
            #"{"type":"reaction_add","channel":null,"id":"n2","emoji":"👍"}"#,
        ].joined(separator: "\n")
        let reply = try first.post(body)
        #expect(reply.status == 200)
        #expect(reply.text == #"{"channel":"c1","events":4,"version":4}"# + "\n")
        #expect(
            try first.store.events(in: "c1").map(\.record) == [
                Self.stored("n1"), IngestFixture.message("n2", minute: 1), #"{"channel":"c1","content":"edited","id":"n1","type":"edit"}"#,
                #"{"channel":"c1","emoji":"👍","id":"n2","type":"reaction_add"}"#,
            ])
        let before = try HTTPTestResponse.get("/c/c1", port: first.server.port).text
        #expect(HTMLScan.articleIDs(before).suffix(2) == ["m-n1", "m-n2"])
        first.server.stop()
        let second = try IngestFixture.start(database: database)
        defer { second.server.stop() }
        #expect(second.skipped == [])
        let after = try HTTPTestResponse.get("/c/c1", port: second.server.port).text
        #expect(HTMLScan.version(after) == 4)
        #expect(HTMLScan.main(after)?.content == HTMLScan.main(before)?.content)
    }

    @Test func anEventNamingAnotherChannelStillRefusesTheBatch() throws {
        let fixture = try IngestFixture.start()
        defer { fixture.stopAndDeleteDatabase() }
        let reply = try fixture.post(Self.bare("n1") + "\n" + #"{"type":"delete","channel":"c2","id":"n1"}"#)
        #expect(reply.status == 400)
        #expect(reply.text == "request body: line 2: the event is for channel 'c2', posted to 'c1'\n")
        let missing = try fixture.post(#"{"type":"delete"}"#)
        #expect(missing.status == 400)
        #expect(missing.text == #"request body: line 1, byte 0: delete record: at id: a required "id" field"# + "\n")
        #expect(try fixture.store.events(in: "c1").isEmpty)
    }
}
