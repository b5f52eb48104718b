import Foundation
import ParleyServer
import ParleyServerTestSupport
import ParleyWaitSupport
import Synchronization
import Testing

/// Slow clients cannot take the server: one address holds at most `--max-connections-per-ip`
/// connections, a request that stops part-way is closed after the request timeout, and an event
/// stream gets its own, longer timeout.
@Suite(.stretchedTimeLimit(minutes: 1)) struct SlowClientTests {
    @Test func theDefaultsAreStated() {
        let configuration = ServerConfiguration()
        #expect(configuration.connectionTimeoutSeconds == 10)
        #expect(configuration.streamTimeoutSeconds == 60)
        #expect(configuration.maxConnectionsPerIP == 64)
    }

    /// 200 connections from 127.0.0.2 trickle a request head a byte at a time (slowloris) on a
    /// server of 100 viewers (164 connections); health, a page and a post from 127.0.0.1 still
    /// answer within a second.
    @Test func twoHundredTricklingConnectionsFromOneAddressStarveNothing() throws {
        let fixture = try IngestFixture.start { $0.maxViewers = 100 }
        defer { fixture.stopAndDeleteDatabase() }
        let port = fixture.server.port
        let attackers = try (0..<200).map { _ in
            let socket = try TestSocket(port: port, from: "127.0.0.2", timeout: 1)
            socket.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            return socket
        }
        let attacking = Atomic<Bool>(true)
        let trickle = Thread {
            while attacking.load(ordering: .relaxed) {
                for socket in attackers { socket.send("a") }
                usleep(200_000)
            }
        }
        trickle.start()
        defer { attacking.store(false, ordering: .relaxed) }
        usleep(500_000)
        for round in 0..<3 {
            let started = ContinuousClock.now
            let health = try TestSocket(port: port, timeout: 3)
            health.get("/healthz")
            #expect(try HTTPTestResponse.read(from: health).text == "ok\n")
            let page = try TestSocket(port: port, timeout: 3)
            page.get("/c/c1")
            #expect(try HTTPTestResponse.read(from: page).status == 200)
            #expect(try fixture.post(IngestFixture.message("s\(round)")).status == 200)
            #expect(ContinuousClock.now - started < .seconds(1))
        }
        attacking.store(false, ordering: .relaxed)
        trickle.cancel()
    }

    @Test func aRequestThatStopsPartWayIsClosedAfterTheRequestTimeout() throws {
        let server = try ServerFixture.start([SyntheticChannel()]) { $0.connectionTimeoutSeconds = 1 }
        defer { server.stop() }
        let socket = try TestSocket(port: server.port, timeout: 5)
        socket.send("GET /healthz HTTP/1.1\r\nHost: 12")
        let started = ContinuousClock.now
        #expect(try socket.readUntilClosed() == [])
        let waited = ContinuousClock.now - started
        #expect(waited > .milliseconds(900) && waited < .seconds(3))
    }

    /// With a request timeout of 1 s, a stream whose reader stalls for 2.5 s keeps its connection
    /// (its timeout is the stream's) and then receives every batch.
    @Test func aStalledStreamOutlivesTheRequestTimeout() throws {
        let channel = SyntheticChannel(padding: 32_000)
        let server = try ServerFixture.start([channel]) {
            $0.connectionTimeoutSeconds = 1
            $0.streamTimeoutSeconds = 30
            $0.viewerBufferLimit = 16 << 20
        }
        defer { server.stop() }
        let broadcaster = try #require(server.broadcaster(for: channel.id))
        let stream = try EventStreamClient(port: server.port, path: "/c/s1/events?since=0", receiveBuffer: 4096)
        #expect(try stream.next()?.lines == ["retry: 2000"])
        for _ in 0..<200 { try channel.advance(on: broadcaster) }
        usleep(2_500_000)
        var ids: [Int] = []
        while ids.count < 200, let event = try stream.nextEvent(), let id = event.id { ids.append(id) }
        #expect(ids == Array(1...200))
        #expect(server.metrics.droppedViewerCount == 0)
    }
}
