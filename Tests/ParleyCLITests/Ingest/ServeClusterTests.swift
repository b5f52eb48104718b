import Foundation
import ParleyServerTestSupport
import ParleyTestSupport
import ParleyWaitSupport
import Synchronization
import Testing

/// Two `parley serve` processes on one PostgreSQL database (a throw-away database per test):
/// any server takes posts, every server shows every event, in the same batches.
@Suite(
    "parley serve on PostgreSQL",
    .enabled(
        if: PostgresTestDatabase.isAvailable, "no PostgreSQL server: PGHOST is unset (./scripts/test runs the tests under pg_virtualenv)"),
    .stretchedTimeLimit(minutes: 1))
struct ServeClusterTests {
    /// Waits until every one of `servers` shows `version` on the page of channel `c1`.
    static func awaitVersion(_ version: Int, on servers: [ServeProcess], sourceLocation: SourceLocation = #_sourceLocation) throws {
        try eventually("every server to show version \(version)", sourceLocation: sourceLocation) {
            servers.allSatisfy { server in
                (try? HTTPTestResponse.get("/c/c1", port: server.port)).flatMap { HTMLScan.version($0.text) } == version
            }
        }
    }

    @Test("a post to either server reaches the viewers of both, in byte-identical batches")
    func postsReachEveryServer() throws {
        try PostgresTestDatabase.with { database in
            let first = try ServeProcess(database: database.uri)
            defer { first.stop() }
            let second = try ServeProcess(database: database.uri)
            defer { second.stop() }
            let epochs = try [first, second].map { try HTMLScan.epoch(HTTPTestResponse.get("/c/c1", port: $0.port).text) }
            #expect(epochs[0] != nil && epochs[0] == epochs[1], "the channel's epoch is the database's, not each server's")
            let streams = try [first, second].map { try EventStreamClient(port: $0.port, path: "/c/c1/events?since=0") }
            for (index, server) in [first, second, first, second].enumerated() {
                let reply = try ServeProcess.post(
                    IngestFixture.message("m\(index)", minute: index, text: "post \(index)"), port: server.port)
                #expect(reply.status == 200)
                #expect(reply.text.contains(#""version":\#(index + 1)"#))
            }
            let batches = try streams.map { stream in try (1...4).map { _ in try stream.nextEvent() } }
            #expect(batches[0].map { $0?.id } == [1, 2, 3, 4])
            #expect(batches[0] == batches[1])
            let pages = try [first, second].map { try HTTPTestResponse.get("/c/c1", port: $0.port).text }
            #expect(pages.map(HTMLScan.version) == [4, 4])
            #expect(HTMLScan.main(pages[0])?.content == HTMLScan.main(pages[1])?.content)
            #expect(HTMLScan.main(pages[0])?.content.contains("post 3") == true)
        }
    }

    @Test("posters on both servers at once: every acknowledged event is stored once, at dense versions, and both pages agree")
    func concurrentPostersOnBothServers() throws {
        try PostgresTestDatabase.with { database in
            let servers = [try ServeProcess(database: database.uri), try ServeProcess(database: database.uri)]
            defer { servers.forEach { $0.stop() } }
            let streams = try servers.map { try EventStreamClient(port: $0.port, path: "/c/c1/events?since=0", timeout: 20) }
            let replies = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 4) { poster in
                for index in 0..<25 {
                    let record = IngestFixture.message("p\(poster)-\(index)", minute: index)
                    guard let reply = try? ServeProcess.post(record, port: servers[poster % 2].port), reply.status == 200 else { continue }
                    replies.withLock { $0.append(reply.text) }
                }
            }
            #expect(replies.withLock { $0.count } == 100)
            let last =
                replies.withLock { $0 }.compactMap { text in
                    text.range(of: #""version":"#).flatMap { Int(text[$0.upperBound...].prefix(while: \.isNumber)) }
                }.max() ?? 0
            #expect(last > 0)
            try Self.awaitVersion(last, on: servers)
            let pages = try servers.map { try HTTPTestResponse.get("/c/c1", port: $0.port).text }
            #expect(HTMLScan.main(pages[0])?.content == HTMLScan.main(pages[1])?.content)
            #expect(
                try database.query("SELECT count(*), count(DISTINCT record), count(DISTINCT version), max(version) FROM events")
                    == "100|100|\(last)|\(last)")
            let batches = try streams.map { stream in try (1...last).map { _ in try stream.nextEvent() } }
            #expect(batches[0].map { $0?.id } == Array(1...last), "a batch per commit, in version order")
            #expect(batches[0] == batches[1], "byte-identical batch streams from both servers")
        }
    }

    @Test("a viewer that moves to the other server with its Last-Event-ID resumes there, with no reset")
    func aViewerMovesBetweenServers() throws {
        try PostgresTestDatabase.with { database in
            let first = try ServeProcess(database: database.uri)
            defer { first.stop() }
            let second = try ServeProcess(database: database.uri)
            defer { second.stop() }
            let epoch = try #require(HTMLScan.epoch(try HTTPTestResponse.get("/c/c1", port: first.port).text))
            let onFirst = try EventStreamClient(port: first.port, path: "/c/c1/events?since=0&epoch=\(epoch)")
            for index in 0..<3 {
                #expect(try ServeProcess.post(IngestFixture.message("m\(index)", minute: index), port: first.port).status == 200)
            }
            let seen = try (1...3).map { _ in try onFirst.nextEvent() }
            #expect(seen.map { $0?.id } == [1, 2, 3])
            let onSecond = try EventStreamClient(
                port: second.port, path: "/c/c1/events?epoch=\(epoch)", headers: ["Last-Event-ID": "3"])
            #expect(try ServeProcess.post(IngestFixture.message("m3", minute: 3, text: "after the move"), port: second.port).status == 200)
            let resumed = try onSecond.nextEvent()
            #expect(resumed?.id == 4)
            #expect(resumed?.data?.contains(#"["reset""#) == false)
            #expect(resumed?.data?.contains("after the move") == true)
            #expect(resumed == (try onFirst.nextEvent()))
        }
    }

    @Test("sessions the database ends: posts succeed again, and each server still follows the other's commits")
    func endedSessionsAreOpenedAgain() throws {
        try PostgresTestDatabase.with { database in
            let servers = [try ServeProcess(database: database.uri), try ServeProcess(database: database.uri)]
            defer { servers.forEach { $0.stop() } }
            #expect(try ServeProcess.post(IngestFixture.message("m0"), port: servers[0].port).status == 200)
            let ended = try database.query(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
            #expect(Int(ended) ?? 0 >= 4, "each server's two sessions")
            #expect(try ServeProcess.post(IngestFixture.message("m1", minute: 1), port: servers[1].port).status == 200)
            #expect(try ServeProcess.post(IngestFixture.message("m2", minute: 2), port: servers[0].port).status == 200)
            try Self.awaitVersion(3, on: servers)
        }
    }

    @Test("kill -9 of one server while both take posts loses no acknowledged event; a restarted server shows what the other shows")
    func killingOneServerLosesNothing() throws {
        try PostgresTestDatabase.with { database in
            var servers = [try ServeProcess(database: database.uri), try ServeProcess(database: database.uri)]
            defer { servers.forEach { $0.stop() } }
            let acknowledged = Mutex<[String]>([])
            let ports = servers.map(\.port)
            let victim = servers[0].process.processIdentifier
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { kill(victim, SIGKILL) }
            DispatchQueue.concurrentPerform(iterations: 4) { poster in
                for index in 0..<(poster % 2 == 0 ? 100_000 : 400) {
                    let id = "k\(poster)-\(index)"
                    let reply = try? ServeProcess.post(IngestFixture.message(id, minute: index), port: ports[poster % 2])
                    guard reply?.status == 200 else {
                        if poster % 2 == 0 { return } else { continue }
                    }
                    acknowledged.withLock { $0.append(id) }
                }
            }
            servers[0].process.waitUntilExit()
            let ids = acknowledged.withLock { $0 }
            #expect(ids.count > 0)
            let stored = Set(
                try database.query(#"SELECT record::json->>'id' FROM events"#).split(separator: "\n").map(String.init))
            #expect(Set(ids).isSubset(of: stored))
            let last = Int(try database.query("SELECT max(version) FROM events")) ?? 0
            servers[0] = try ServeProcess(database: database.uri)
            try Self.awaitVersion(last, on: servers)
            let pages = try servers.map { try HTTPTestResponse.get("/c/c1", port: $0.port).text }
            #expect(HTMLScan.main(pages[0])?.content == HTMLScan.main(pages[1])?.content)
        }
    }

    @Test("a PostgreSQL server out of reach at start: parley serve exits 74 naming it, without the password")
    func unreachableAtStart() throws {
        let outcome = try ParleyProcess.run([
            "serve", TestPaths.fixture("tiny.json").path, "--port", "0", "--token", IngestFixture.token,
            "--db", "postgresql://maya:secret@127.0.0.1:1/events?connect_timeout=2",
        ])
        #expect(outcome.code == 74)
        #expect(
            outcome.errors.contains(
                #"\#nparley: --db: PostgreSQL (user=maya connect_timeout=2 dbname=events host=127.0.0.1 port=1): cannot open the database: "#
                    + #"connection to server at "127.0.0.1", port 1 failed: Connection refused"#))
        #expect(!outcome.errors.contains("secret"))
    }

    @Test("restoring an older dump of the database: both servers take a new epoch and that history, and their viewers are reset to it")
    func restoringAnOlderDumpResetsViewers() throws {
        try PostgresTestDatabase.with { database in
            let servers = [try ServeProcess(database: database.uri), try ServeProcess(database: database.uri)]
            defer { servers.forEach { $0.stop() } }
            let dump = TestPaths.temporaryFolder().appendingPathComponent("events.dump")
            for index in 0..<2 {
                #expect(try ServeProcess.post(IngestFixture.message("m\(index)", minute: index), port: servers[0].port).status == 200)
            }
            try database.dump(to: dump)
            #expect(try ServeProcess.post(IngestFixture.message("m2", minute: 2, text: "lost"), port: servers[1].port).status == 200)
            let epoch = try #require(HTMLScan.epoch(try HTTPTestResponse.get("/c/c1", port: servers[0].port).text))
            let streams = try servers.map { try EventStreamClient(port: $0.port, path: "/c/c1/events?since=3&epoch=\(epoch)") }
            try database.restore(from: dump)
            for stream in streams { #expect(try stream.nextEvent() == nil, "the stream ends") }
            try eventually("both servers to show version 2 in another epoch", timeout: .seconds(15)) {
                let pages = servers.compactMap { try? HTTPTestResponse.get("/c/c1", port: $0.port).text }
                return pages.count == 2 && pages.allSatisfy { HTMLScan.version($0) == 2 && HTMLScan.epoch($0) != epoch }
                    && HTMLScan.epoch(pages[0]) == HTMLScan.epoch(pages[1])
            }
            let page = try HTTPTestResponse.get("/c/c1", port: servers[1].port).text
            #expect(page.contains("lost") == false)
            let resumed = try EventStreamClient(port: servers[1].port, path: "/c/c1/events?epoch=\(epoch)", headers: ["Last-Event-ID": "3"])
            let reset = try resumed.nextEvent()
            #expect(reset?.id == 2)
            #expect(reset?.data?.contains(#"["reset""#) == true)
            #expect(reset?.data?.contains(#""e":"\#(HTMLScan.epoch(page) ?? "")""#) == true)
            #expect(try ServeProcess.post(IngestFixture.message("m3", minute: 3, text: "after"), port: servers[0].port).status == 200)
            let next = try resumed.nextEvent()
            #expect(next?.id == 3)
            #expect(next?.data?.contains("after") == true)
        }
    }

    @Test("PostgreSQL out of reach while serving: posts get 503 with Retry-After, streams stay open, and both servers catch up after")
    func databaseOutOfReachWhileServing() throws {
        try PostgresTestDatabase.with { database in
            let servers = [try ServeProcess(database: database.uri), try ServeProcess(database: database.uri)]
            defer { servers.forEach { $0.stop() } }
            let stream = try EventStreamClient(port: servers[1].port, path: "/c/c1/events?since=0", timeout: 20)
            try database.administer(
                "ALTER DATABASE \(database.name) ALLOW_CONNECTIONS false; "
                    + "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(database.name)'")
            let refused = try ServeProcess.post(IngestFixture.message("m0"), port: servers[0].port)
            #expect(refused.status == 503)
            #expect(refused.header("Retry-After") == "1")
            #expect(refused.text.contains("the events could not be stored"))
            try database.administer("ALTER DATABASE \(database.name) ALLOW_CONNECTIONS true")
            var accepted = false
            for _ in 0..<100 where !accepted {
                accepted =
                    (try? ServeProcess.post(IngestFixture.message("m1", minute: 1, text: "back again"), port: servers[0].port))?.status
                    == 200
                if !accepted { Thread.sleep(forTimeInterval: 0.1) }
            }
            #expect(accepted, "a post succeeds once the database is back (back-off at most 5 s)")
            let batch = try stream.nextEvent()
            #expect(batch?.id == 1)
            #expect(batch?.data?.contains("back again") == true)
            try Self.awaitVersion(1, on: servers)
        }
    }

    @Test("a channel a post creates on one server (--create-channels) is served by the other")
    func createdChannelsReachEveryServer() throws {
        try PostgresTestDatabase.with { database in
            let servers = try (0..<2).map { _ in try ServeProcess(database: database.uri, extra: ["--create-channels"]) }
            defer { servers.forEach { $0.stop() } }
            let record =
                #"{"type":"message","id":"n1","timestamp":"2024-04-01T10:00:00.000Z","author":{"id":"u9","name":"bot"},"content":"new"}"#
            #expect(try ServeProcess.post(record, channel: "fresh", port: servers[0].port).status == 200)
            try eventually("the other server to serve the new channel") {
                (try? HTTPTestResponse.get("/c/fresh", port: servers[1].port)).map { $0.status == 200 && HTMLScan.version($0.text) == 1 }
                    ?? false
            }
            let pages = try servers.map { try HTTPTestResponse.get("/c/fresh", port: $0.port).text }
            #expect(HTMLScan.main(pages[0])?.content == HTMLScan.main(pages[1])?.content)
            #expect(HTMLScan.epoch(pages[0]) == HTMLScan.epoch(pages[1]))
        }
    }

    @Test("an append outside the live window, posted to one server, is applied once on both, whatever is posted after")
    func unseenChangesAreAppliedOnceEverywhere() throws {
        try PostgresTestDatabase.with { database in
            let servers = try (0..<2).map { _ in try ServeProcess(database: database.uri, extra: ["--window", "2"]) }
            defer { servers.forEach { $0.stop() } }
            let append = #"{"type":"append","channel":"c1","id":"101","text":" (appended once)"}"#
            #expect(try ServeProcess.post(append, port: servers[0].port).status == 200)
            for index in 0..<4 {
                let record = IngestFixture.message("n\(index)", minute: 59, text: "later \(index)")
                #expect(try ServeProcess.post(record, port: servers[index % 2].port).status == 200)
            }
            try Self.awaitVersion(5, on: servers)
            for server in servers {
                let older = try HTTPTestResponse.get("/c/c1/before/102", port: server.port).text
                #expect(older.components(separatedBy: "(appended once)").count == 2, "the appended text, once, on port \(server.port)")
            }
        }
    }
}
