import Foundation
import ParleyServer
import ParleyServerTestSupport
import ParleyStore
import ParleyWaitSupport
import Testing

/// A poisoned database is impossible: a post outside the limits is refused before the commit,
/// naming its line and field, and a record that no longer reads or applies, written into the
/// database behind Parley's back, is skipped at start with a warning and a metric.
@Suite(.stretchedTimeLimit(minutes: 1))
struct PoisonedDatabaseTests {
    /// `IngestFixture.message` with extra fields before the closing brace.
    static func message(_ id: String, minute: Int = 0, text: String = "hello", extra: String) -> String {
        String(IngestFixture.message(id, minute: minute, text: text).dropLast()) + "," + extra + "}"
    }

    @Test func postsOutsideTheLimitsGet400NamingLineAndFieldAndStoreNothing() throws {
        let fixture = try IngestFixture.start()
        defer { fixture.stopAndDeleteDatabase() }
        let cases: [(String, String)] = [
            (
                Self.message("n1", extra: #""flavor":"spans","spans":[{"kind":"bold","offset":0,"length":9223372036854775807}]"#),
                #"message record: field "spans[0].length": 9223372036854775807 from offset 0 reaches outside the text (5 UTF-16 units)"#
            ),
            (
                Self.message("n1", extra: #""spans":[{"kind":"bold","offset":-1,"length":1}]"#),
                #"message record: field "spans[0].offset": -1 is outside the text (0…5 UTF-16 units)"#
            ),
            (
                Self.message("n1", extra: #""reactions":[{"emoji":"👍","count":-3}]"#),
                #"message record: field "reactions[0].count": -3; expected a whole number from 1 to 2147483648"#
            ),
            (
                #"{"type":"reaction_add","channel":"c1","id":"m1","emoji":"👍","count":2147483649}"#,
                #"reaction_add record: field "count": 2147483649; expected a whole number from 1 to 2147483648"#
            ),
            (
                Self.message("n1", extra: #""attachments":[{"id":"a","url":"a.png","fileName":"a.png","sizeBytes":-1}]"#),
                #"message record: field "attachments[0].sizeBytes": -1; expected 0…9007199254740992 bytes"#
            ),
            (
                IngestFixture.message("n1").replacingOccurrences(of: #""id":"u9""#, with: #""id":"""#),
                #"message record: field "author.id": empty; expected an identifier"#
            ),
        ]
        for (body, problem) in cases {
            let reply = try fixture.post(body)
            #expect(reply.status == 400)
            #expect(reply.text == "request body: line 1, byte 0: \(problem) (limits: docs/FORMAT.md)\n")
        }
        let oldTime = IngestFixture.message("n1").replacingOccurrences(of: "2024-04-01", with: "0000-12-31")
        #expect(try fixture.post(oldTime).text.contains(#"at timestamp: an RFC 3339 timestamp such as 2024-03-08T09:15:02.123Z"#))
        #expect(try fixture.store.events(in: "c1").isEmpty)
    }

    @Test func aStoredEventThatNoLongerReadsOrAppliesIsSkippedAtStartAndCounted() throws {
        let database = IngestFixture.temporaryDatabase()
        defer { IngestFixture.removeDatabase(database) }
        let poison = Self.message(
            "n2", minute: 1, extra: #""flavor":"spans","spans":[{"kind":"bold","offset":0,"length":9223372036854775807}]"#)
        let orphan = #"{"type":"delete","channel":"c1","id":"never-there"}"#
        let store = try EventStore(path: database)
        try store.createChannel("c1", header: #"{"id":"c1","name":"c1"}"#, epoch: "")
        #expect(
            try store.append([IngestFixture.message("n1"), poison, orphan, IngestFixture.message("n3", minute: 2)], to: "c1") == [
                1, 2, 3, 4,
            ])
        let fixture = try IngestFixture.start(database: database)
        defer { fixture.server.stop() }
        #expect(
            fixture.skipped.map(\.description) == [
                "channel 'c1', version 2: stored event skipped: \(database): line 2, byte 0: message record: field \"spans[0].length\": "
                    + "9223372036854775807 from offset 0 reaches outside the text (5 UTF-16 units) (limits: docs/FORMAT.md)",
                "channel 'c1', version 3: stored event skipped: no message \"never-there\" in channel \"c1\": expected an existing message",
            ])
        let page = try HTTPTestResponse.get("/c/c1", port: fixture.server.port).text
        #expect(HTMLScan.articleIDs(page).suffix(2) == ["m-n1", "m-n3"])
        #expect(HTMLScan.version(page) == 4)
        let metrics = try HTTPTestResponse.get("/metrics", port: fixture.server.port).text
        #expect(metrics.contains("\nparley_restore_skipped_events_total 2\n"))
        let next = try fixture.post(IngestFixture.message("n4", minute: 3))
        #expect(next.text == #"{"channel":"c1","events":1,"version":5}"# + "\n")
    }
}
