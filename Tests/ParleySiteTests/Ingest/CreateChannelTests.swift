import Foundation
import ParleyModel
import ParleyServer
import ParleyServerTestSupport
import ParleyWaitSupport
import Testing

/// `--create-channels`: a post to an unknown channel id creates the channel, only when the post
/// is valid; created channels are listed, streamed, and rebuilt from the database after a restart.
@Suite(.stretchedTimeLimit(minutes: 1)) struct CreateChannelTests {
    static func message(_ id: String, channel: String, minute: Int = 0) -> String {
        IngestFixture.message(id, minute: minute).replacingOccurrences(of: #""channel":"c1""#, with: #""channel":"\#(channel)""#)
    }

    @Test func withoutTheOptionAnUnknownChannelIs404() throws {
        let database = IngestFixture.temporaryDatabase()
        defer { IngestFixture.removeDatabase(database) }
        let fixture = try IngestFixture.start(database: database, creatingChannels: false)
        defer { fixture.server.stop() }
        let reply = try fixture.post(Self.message("1", channel: "bots"), channel: "bots")
        #expect(reply.status == 404)
        #expect(reply.text == "unknown channel 'bots'\n")
        #expect(try fixture.store.channels().map(\.id) == ["c1"])
    }

    @Test func aValidPostCreatesAListedStreamedChannel() throws {
        let database = IngestFixture.temporaryDatabase()
        defer { IngestFixture.removeDatabase(database) }
        let fixture = try IngestFixture.start(database: database, creatingChannels: true)
        defer { fixture.server.stop() }
        let reply = try fixture.post(Self.message("1", channel: "bots"), channel: "bots")
        #expect(reply.status == 200)
        #expect(reply.text == #"{"channel":"bots","events":1,"version":1}"# + "\n")
        #expect(try fixture.store.channels().map(\.id) == ["c1", "bots"])
        #expect(try fixture.store.channels().last?.header == #"{"id":"bots","name":"bots"}"#)
        let list = try HTTPTestResponse.get("/", port: fixture.server.port).text
        #expect(list.contains(#"<a href="/c/c1">"#) && list.contains(#"<a href="/c/bots"><bdi>bots</bdi></a>"#))
        let page = try HTTPTestResponse.get("/c/bots", port: fixture.server.port).text
        #expect(HTMLScan.version(page) == 1)
        #expect(HTMLScan.articleIDs(page) == ["m-1"])
        let stream = try EventStreamClient(port: fixture.server.port, path: "/c/bots/events?since=1")
        #expect(try fixture.post(Self.message("2", channel: "bots", minute: 1), channel: "bots").status == 200)
        let event = try #require(try stream.nextEvent())
        #expect(event.field("id") == "2")
    }

    @Test func anInvalidIdOrAFirstPostThatCannotApplyCreatesNothing() throws {
        let database = IngestFixture.temporaryDatabase()
        defer { IngestFixture.removeDatabase(database) }
        let fixture = try IngestFixture.start(database: database, creatingChannels: true)
        defer { fixture.server.stop() }
        let badID = try fixture.post(Self.message("1", channel: "a b"), channel: "a%20b")
        #expect(badID.status == 400)
        #expect(
            badID.text == "cannot create channel 'a b': expected 1 to 100 letters, digits, '-', '.', '_' or '~', other than '.' and '..'\n")
        let cannotApply = try fixture.post(#"{"type":"delete","channel":"bots","id":"nope"}"#, channel: "bots")
        #expect(cannotApply.status == 400)
        #expect(cannotApply.text == #"request body: line 1: no message "nope" in channel "bots": expected an existing message"# + "\n")
        #expect(try fixture.store.channels().map(\.id) == ["c1"])
        #expect(try HTTPTestResponse.get("/c/bots", port: fixture.server.port).status == 404)
        #expect(try fixture.post(Self.message("1", channel: "bots"), channel: "bots", token: nil).status == 401)
    }

    @Test func createdChannelsAreServedAgainAfterARestart() throws {
        let database = IngestFixture.temporaryDatabase()
        defer { IngestFixture.removeDatabase(database) }
        let first = try IngestFixture.start(database: database, creatingChannels: true)
        for index in 0..<3 {
            #expect(try first.post(Self.message("\(index)", channel: "bots", minute: index), channel: "bots").status == 200)
        }
        let before = try HTTPTestResponse.get("/c/bots", port: first.server.port).text
        first.server.stop()
        let second = try IngestFixture.start(database: database, creatingChannels: false)
        defer { second.server.stop() }
        let after = try HTTPTestResponse.get("/c/bots", port: second.server.port).text
        #expect(HTMLScan.version(after) == 3)
        #expect(HTMLScan.main(after)?.content == HTMLScan.main(before)?.content)
        let next = try second.post(Self.message("3", channel: "bots", minute: 3), channel: "bots")
        #expect(next.text == #"{"channel":"bots","events":1,"version":4}"# + "\n")
    }
}
