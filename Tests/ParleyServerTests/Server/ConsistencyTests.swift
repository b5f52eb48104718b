import Foundation
import ParleyServer
import ParleyServerTestSupport
import ParleyTestSupport
import ParleyWaitSupport
import Synchronization
import Testing

/// The page and the stream agree while batches keep arriving: a page at version N plus the
/// stream from N reaches the latest version with no gap and no duplicate, and so do reconnects
/// with `Last-Event-ID` at random points. (The ring holds every batch here, so a slow test
/// machine cannot turn a replay into a legitimate reset.)
@Suite(.stretchedTimeLimit(minutes: 1)) struct ConsistencyTests {
    /// Publishes `count` batches, one every ~200 µs, on a background thread.
    static func publishInBackground(_ channel: SyntheticChannel, on broadcaster: Broadcaster, count: Int) -> Thread {
        let thread = Thread {
            for _ in 0..<count {
                _ = try? channel.advance(on: broadcaster)
                usleep(200)
            }
        }
        thread.start()
        return thread
    }

    /// Reads batches until `final`, checking that each one's base is the version before it.
    static func follow(_ stream: EventStreamClient, from version: Int, until final: Int) throws -> [Int] {
        var versions: [Int] = []
        var current = version
        while current < final, let event = try stream.nextEvent(), let id = event.id {
            let data = try #require(event.data)
            #expect(data.hasPrefix("{\"v\":\(id),\"base\":\(current),"), "batch \(id) applies to \(current)")
            versions.append(id)
            current = id
        }
        return versions
    }

    @Test func pagePlusStreamReachesTheLatestVersionWhileBatchesFlow() throws {
        let channel = SyntheticChannel()
        let server = try ServerFixture.start([channel]) { $0.replay = ReplayLimits(batches: 4096) }
        defer { server.stop() }
        let broadcaster = try #require(server.broadcaster(for: channel.id))
        let total = 1500
        let publisher = Self.publishInBackground(channel, on: broadcaster, count: total)
        defer { _ = publisher }
        var random = SeededRandom(seed: 5)
        var pagesWhileFlowing = 0
        while broadcaster.latestVersion < total {
            usleep(UInt32(random.below(3000)))
            let page = try HTTPTestResponse.get("/c/s1", port: server.port)
            let version = try #require(HTMLScan.version(page.text))
            #expect(HTMLScan.main(page.text)?.content == "at \(version)")
            let stream = try EventStreamClient(port: server.port, path: "/c/s1/events?since=\(version)")
            let until = min(total, version + 1 + random.below(30))
            #expect(try Self.follow(stream, from: version, until: until) == Array(stride(from: version + 1, through: until, by: 1)))
            if version < total { pagesWhileFlowing += 1 }
        }
        #expect(pagesWhileFlowing >= 10)
    }

    @Test func reconnectsAtRandomPointsLoseAndRepeatNothing() throws {
        let channel = SyntheticChannel()
        let server = try ServerFixture.start([channel]) { $0.replay = ReplayLimits(batches: 4096) }
        defer { server.stop() }
        let broadcaster = try #require(server.broadcaster(for: channel.id))
        let total = 1500
        let publisher = Self.publishInBackground(channel, on: broadcaster, count: total)
        defer { _ = publisher }
        var random = SeededRandom(seed: 11)
        var received: [Int] = []
        var version = 0
        var reconnects = 0
        while version < total {
            let stream = try EventStreamClient(port: server.port, path: "/c/s1/events?since=0", headers: ["Last-Event-ID": String(version)])
            let stop = min(total, version + 1 + random.below(40))
            let batch = try Self.follow(stream, from: version, until: stop)
            received += batch
            version = batch.last ?? version
            reconnects += 1
        }
        #expect(received == Array(1...total))
        #expect(reconnects > 30)
    }
}
