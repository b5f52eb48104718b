import Foundation
import ParleyModel
import ParleyServer
import ParleyServerTestSupport
import ParleyWaitSupport
import Testing

/// Event streams over real HTTP: framing, heartbeats, replay after `Last-Event-ID`, resets.
@Suite(.stretchedTimeLimit(minutes: 1)) struct StreamTests {
    @Test func streamHeadersRetryHintThenPatchEvents() throws {
        let channel = SyntheticChannel()
        let server = try ServerFixture.start([channel])
        defer { server.stop() }
        let stream = try EventStreamClient(port: server.port, path: "/c/s1/events?since=0")
        #expect(stream.response.status == 200)
        #expect(stream.response.header("Content-Type") == "text/event-stream; charset=utf-8")
        #expect(stream.response.header("Cache-Control") == "no-store, no-transform")
        #expect(stream.response.header("X-Accel-Buffering") == "no")
        #expect(stream.response.header("Transfer-Encoding") == "chunked")
        #expect(try stream.next()?.lines == ["retry: 2000"])
        try channel.advance(on: try #require(server.broadcaster(for: channel.id)))
        #expect(try stream.next()?.lines == ["id: 1", "event: patch", #"data: {"v":1,"base":0,"ops":[["t","m-1","text","1"]]}"#])
        #expect(server.metrics.viewerCount == 1)
        #expect(server.metrics.batchCount == 1)
    }

    @Test func heartbeatCommentsKeepIdleStreamsAlive() throws {
        let server = try ServerFixture.start([SyntheticChannel()]) { $0.heartbeatInterval = .milliseconds(40) }
        defer { server.stop() }
        let stream = try EventStreamClient(port: server.port, path: "/c/s1/events?since=0")
        #expect(try stream.next()?.lines == ["retry: 2000"])
        #expect(try stream.next()?.lines == [": heartbeat"])
        #expect(try stream.next()?.lines == [": heartbeat"])
    }

    @Test func reconnectReplaysTheBatchesAfterLastEventID() throws {
        let channel = SyntheticChannel()
        let server = try ServerFixture.start([channel])
        defer { server.stop() }
        let broadcaster = try #require(server.broadcaster(for: channel.id))
        for _ in 1...10 { try channel.advance(on: broadcaster) }
        let stream = try EventStreamClient(port: server.port, path: "/c/s1/events?since=0", headers: ["Last-Event-ID": "4"])
        var ids: [Int] = []
        for _ in 5...10 { ids.append(try #require(try stream.nextEvent()?.id)) }
        #expect(ids == Array(5...10))
        try channel.advance(on: broadcaster)
        let live = try #require(try stream.nextEvent())
        #expect(live.id == 11)
        #expect(live.data == #"{"v":11,"base":10,"ops":[["t","m-1","text","11"]]}"#)
        let first = try EventStreamClient(port: server.port, path: "/c/s1/events?since=9")
        #expect(try first.nextEvent()?.id == 10, "?since=9 on a first connect replays from 10")
    }

    @Test func aVersionThatLeftTheRingGetsOneResetThenLiveBatches() throws {
        let channel = SyntheticChannel()
        let server = try ServerFixture.start([channel]) { $0.replay = ReplayLimits(batches: 4) }
        defer { server.stop() }
        let broadcaster = try #require(server.broadcaster(for: channel.id))
        for _ in 1...10 { try channel.advance(on: broadcaster) }
        let stream = try EventStreamClient(port: server.port, path: "/c/s1/events?since=2")
        let reset = try #require(try stream.nextEvent())
        #expect(reset.lines == ["id: 10", "event: patch", #"data: {"v":10,"base":2,"e":"00000000000000e1","ops":[["reset","at 10"]]}"#])
        try channel.advance(on: broadcaster)
        #expect(try stream.nextEvent()?.data == #"{"v":11,"base":10,"ops":[["t","m-1","text","11"]]}"#)
        let future = try EventStreamClient(port: server.port, path: "/c/s1/events?since=50")
        #expect(try future.nextEvent()?.data == #"{"v":11,"base":50,"e":"00000000000000e1","ops":[["reset","at 11"]]}"#)
        let unnamed = try EventStreamClient(port: server.port, path: "/c/s1/events")
        #expect(
            try unnamed.nextEvent()?.data == #"{"v":11,"base":0,"e":"00000000000000e1","ops":[["reset","at 11"]]}"#, "no version: a reset")
        let otherEpoch = try EventStreamClient(port: server.port, path: "/c/s1/events?since=9&epoch=00000000000000e0")
        #expect(
            try otherEpoch.nextEvent()?.data == #"{"v":11,"base":9,"e":"00000000000000e1","ops":[["reset","at 11"]]}"#,
            "version 9 is in the ring, but of another epoch: a reset")
        let sameEpoch = try EventStreamClient(port: server.port, path: "/c/s1/events?since=9&epoch=00000000000000e1")
        #expect(try sameEpoch.nextEvent()?.id == 10, "the channel's epoch: replay")
        let inRing = try EventStreamClient(port: server.port, path: "/c/s1/events?since=7")
        #expect(try inRing.nextEvent()?.id == 8, "version 7 is still in the ring: replay, no reset")
    }

    @Test func aPageAheadOfTheStreamWaitsForTheNextBatchWithoutAReset() throws {
        let channel = SyntheticChannel()
        let server = try ServerFixture.start([channel])
        defer { server.stop() }
        let broadcaster = try #require(server.broadcaster(for: channel.id))
        try channel.advance(on: broadcaster)
        let shown = channel.change()
        let stream = try EventStreamClient(port: server.port, path: "/c/s1/events?since=\(shown)")
        #expect(try stream.next()?.lines == ["retry: 2000"])
        try broadcaster.publish(version: shown, base: shown - 1, json: SyntheticChannel.batch(shown))
        try channel.advance(on: broadcaster)
        #expect(try stream.nextEvent()?.data == #"{"v":3,"base":2,"ops":[["t","m-1","text","3"]]}"#, "batch 2 is skipped, no reset")
        let beyond = try EventStreamClient(port: server.port, path: "/c/s1/events?since=4")
        #expect(
            try beyond.nextEvent()?.data == #"{"v":3,"base":4,"e":"00000000000000e1","ops":[["reset","at 3"]]}"#,
            "ahead of the channel too: reset")
    }

    @Test func publishRefusesAVersionThatDoesNotIncrease() throws {
        let broadcaster = Broadcaster(channelID: ChannelID("x"), initialVersion: 5)
        #expect(throws: BroadcastError.versionNotIncreasing(version: 5, latest: 5)) {
            try broadcaster.publish(version: 5, base: 4, json: [])
        }
        try broadcaster.publish(version: 6, base: 5, json: [])
        #expect(broadcaster.latestVersion == 6)
    }
}
