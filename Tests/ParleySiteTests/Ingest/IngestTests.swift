import Foundation
import ParleyServer
import ParleyServerTestSupport
import ParleyStore
import ParleyWaitSupport
import Testing

/// `POST /c/{channel}/events` over real HTTP on loopback: authentication, validation, limits,
/// durability before the answer and versions that continue across restarts.
@Suite(.stretchedTimeLimit(minutes: 1)) struct IngestTests {
    @Test func aBatchIsCommittedThenShownAndTheReplyCarriesItsVersion() throws {
        let fixture = try IngestFixture.start()
        defer { fixture.stopAndDeleteDatabase() }
        let reply = try fixture.post(IngestFixture.message("n1") + "\n" + IngestFixture.message("n2", minute: 1) + "\n")
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type") == "application/json")
        #expect(reply.text == #"{"channel":"c1","events":2,"version":2}"# + "\n")
        #expect(try fixture.store.events(in: "c1").map(\.version) == [1, 2])
        #expect(try fixture.store.events(in: "c1").map(\.record) == [IngestFixture.message("n1"), IngestFixture.message("n2", minute: 1)])
        let page = try HTTPTestResponse.get("/c/c1", port: fixture.server.port).text
        #expect(HTMLScan.version(page) == 2)
        #expect(HTMLScan.articleIDs(page).suffix(2) == ["m-n1", "m-n2"])
        let next = try fixture.post(IngestFixture.message("n3", minute: 2))
        #expect(next.text == #"{"channel":"c1","events":1,"version":3}"# + "\n")
    }

    @Test func aMissingOrWrongTokenGets401AndStoresNothing() throws {
        let fixture = try IngestFixture.start()
        defer { fixture.stopAndDeleteDatabase() }
        for token in [nil, "wrong-token-0123456789", "test-token-012345678", ""] as [String?] {
            let reply = try fixture.post(IngestFixture.message("n1"), token: token)
            #expect(reply.status == 401)
            #expect(reply.header("WWW-Authenticate") == "Bearer")
            #expect(reply.text == "expected an Authorization: Bearer TOKEN header with the server's ingest token\n")
        }
        #expect(try fixture.store.events(in: "c1").isEmpty)
    }

    @Test func aBadLineGets400NamingTheLineAndNothingOfTheBatchApplies() throws {
        let fixture = try IngestFixture.start()
        defer { fixture.stopAndDeleteDatabase() }
        let reply = try fixture.post(IngestFixture.message("n1") + "\n{\"type\":\"message\",\"channel\":\"c1\"}\n")
        #expect(reply.status == 400)
        #expect(reply.text == #"request body: line 2, byte 135: message record: at id: a required "id" field"# + "\n")
        let unknown = try fixture.post(IngestFixture.message("n1") + "\n" + #"{"type":"delete","channel":"c1","id":"nope"}"#)
        #expect(unknown.status == 400)
        #expect(unknown.text == #"request body: line 2: no message "nope" in channel "c1": expected an existing message"# + "\n")
        let notJSON = try fixture.post("not json")
        #expect(notJSON.text == "request body: line 1, byte 1: valid JSON: Invalid value around character 1.\n")
        let foreign = try fixture.post(IngestFixture.message("n1").replacingOccurrences(of: #""c1""#, with: #""c2""#))
        #expect(foreign.text == "request body: line 1: the event is for channel 'c2', posted to 'c1'\n")
        let empty = try fixture.post("\n\n")
        #expect(empty.text == "request body: expected one or more JSON Lines event records\n")
        #expect(try fixture.store.events(in: "c1").isEmpty)
        #expect(HTMLScan.version(try HTTPTestResponse.get("/c/c1", port: fixture.server.port).text) == 0)
    }

    @Test func aBodyOverTheLimitGets413AndAnUnknownChannel404() throws {
        let fixture = try IngestFixture.start(maxBodyBytes: 100)
        defer { fixture.stopAndDeleteDatabase() }
        let large = try fixture.post(IngestFixture.message("n1", text: String(repeating: "x", count: 100)))
        #expect(large.status == 413)
        #expect(large.text == "the body exceeds 100 bytes (--max-body)\n")
        let unknown = try fixture.post("{}", channel: "c9")
        #expect(unknown.status == 404)
        #expect(unknown.text == "unknown channel 'c9'\n")
        #expect(try fixture.store.events(in: "c1").isEmpty)
    }

    @Test func aRestartedServerRebuildsTheChannelAndVersionsContinue() throws {
        let database = IngestFixture.temporaryDatabase()
        defer { IngestFixture.removeDatabase(database) }
        let first = try IngestFixture.start(database: database)
        _ = try first.post(IngestFixture.message("n1") + "\n" + IngestFixture.message("n2", minute: 1))
        let before = try HTTPTestResponse.get("/c/c1", port: first.server.port).text
        first.server.stop()
        let second = try IngestFixture.start(database: database)
        defer { second.server.stop() }
        let after = try HTTPTestResponse.get("/c/c1", port: second.server.port).text
        #expect(HTMLScan.version(after) == 2)
        #expect(HTMLScan.main(after)?.content == HTMLScan.main(before)?.content)
        let reply = try second.post(IngestFixture.message("n3", minute: 2))
        #expect(reply.text == #"{"channel":"c1","events":1,"version":3}"# + "\n")
    }

    @Test func twentyConcurrentPostersAreAcknowledgedAtVersionsThatShowTheirEvents() throws {
        let fixture = try IngestFixture.start()
        defer { fixture.stopAndDeleteDatabase() }
        let acknowledged = Acknowledgements()
        DispatchQueue.concurrentPerform(iterations: 20) { poster in
            for index in 0..<5 {
                let reply = try? fixture.post(IngestFixture.message("p\(poster)-\(index)", minute: index))
                let json = reply.flatMap { try? JSONSerialization.jsonObject(with: Data($0.body)) as? [String: Any] }
                acknowledged.add(poster: poster, id: "p\(poster)-\(index)", version: json?["version"] as? Int ?? -1)
            }
        }
        let stored = try fixture.store.events(in: "c1")
        #expect(stored.map(\.version) == Array(1...100))
        var storedVersion: [String: Int] = [:]
        for event in stored {
            let id = try #require(event.record.firstMatch(of: /"id":"(p\d+-\d)"/)).1
            storedVersion[String(id)] = event.version
        }
        for (poster, replies) in acknowledged.byPoster {
            #expect(replies.map(\.version) == replies.map(\.version).sorted(), "poster \(poster): versions never go back")
            for reply in replies {
                let version = try #require(storedVersion[reply.id])
                #expect(reply.version >= version, "\(reply.id) is visible at the acknowledged version")
            }
            #expect(replies.map(\.id).compactMap { storedVersion[$0] } == replies.map(\.id).compactMap { storedVersion[$0] }.sorted())
        }
        #expect(acknowledged.byPoster.values.map(\.count) == Array(repeating: 5, count: 20))
        #expect(HTMLScan.version(try HTTPTestResponse.get("/c/c1", port: fixture.server.port).text) == 100)
    }
}

/// The acknowledgements the concurrent posters were given, by poster in posting order.
private final class Acknowledgements: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int: [(id: String, version: Int)]] = [:]

    func add(poster: Int, id: String, version: Int) { lock.withLock { values[poster, default: []].append((id, version)) } }
    var byPoster: [Int: [(id: String, version: Int)]] { lock.withLock { values } }
}
