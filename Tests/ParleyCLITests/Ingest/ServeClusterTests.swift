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
            try eventually("both servers to show version \(last)") {
                servers.allSatisfy { server in
                    (try? HTTPTestResponse.get("/c/c1", port: server.port)).flatMap { HTMLScan.version($0.text) } == last
                }
            }
            let pages = try servers.map { try HTTPTestResponse.get("/c/c1", port: $0.port).text }
            #expect(HTMLScan.main(pages[0])?.content == HTMLScan.main(pages[1])?.content)
            #expect(
                try database.query("SELECT count(*), count(DISTINCT record), count(DISTINCT version), max(version) FROM events")
                    == "100|100|\(last)|\(last)")
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
            try eventually("both servers to show version 3") {
                servers.allSatisfy { server in
                    (try? HTTPTestResponse.get("/c/c1", port: server.port)).flatMap { HTMLScan.version($0.text) } == 3
                }
            }
        }
    }
}
