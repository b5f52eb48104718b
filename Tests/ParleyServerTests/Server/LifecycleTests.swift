import Foundation
import ParleyModel
import ParleyServer
import ParleyServerTestSupport
import ParleyWaitSupport
import Testing

/// Starting and stopping: a busy port is a clear error; stopping ends open streams cleanly.
@Suite(.stretchedTimeLimit(minutes: 1)) struct LifecycleTests {
    @Test func aPortInUseIsAnError() throws {
        let first = try ServerFixture.start([SyntheticChannel()])
        defer { first.stop() }
        #expect(throws: ServerError.addressInUse(host: "127.0.0.1", port: first.port)) {
            try ServerFixture.start([SyntheticChannel()]) { $0.port = first.port }
        }
        #expect(
            ServerError.addressInUse(host: "127.0.0.1", port: 8080).description
                == "cannot listen on 127.0.0.1:8080: the address is already in use; choose another --port (0 picks a free one)")
    }

    @Test func portZeroPicksAFreePortAndTheURLNamesIt() throws {
        let server = try ServerFixture.start([SyntheticChannel()])
        defer { server.stop() }
        #expect(server.port > 0)
        #expect(server.url == "http://127.0.0.1:\(server.port)/")
        #expect(try HTTPTestResponse.get("/healthz", port: server.port).text == "ok\n")
    }

    @Test func badSettingsAreNamed() {
        #expect(throws: ServerError.invalidConfiguration(setting: "maxViewers", value: 0, expected: "at least 1")) {
            try ServerFixture.start([SyntheticChannel()]) { $0.maxViewers = 0 }
        }
        #expect(throws: ServerError.duplicateChannel(ChannelID("s1"))) {
            try ServerFixture.start([SyntheticChannel(), SyntheticChannel()])
        }
    }

    @Test(arguments: [1, 2])
    func stopEndsOpenStreamsCleanlyAndQuickly(eventLoops: Int) throws {
        let channel = SyntheticChannel()
        let server = try ServerFixture.start([channel]) { $0.eventLoops = eventLoops }
        let streams = try (0..<3).map { _ in try EventStreamClient(port: server.port, path: "/c/s1/events?since=0") }
        for stream in streams { #expect(try stream.next()?.lines == ["retry: 2000"]) }
        try channel.advance(on: try #require(server.broadcaster(for: channel.id)))
        let started = ContinuousClock.now
        server.stop()
        #expect(ContinuousClock.now - started < .seconds(1))
        for stream in streams {
            #expect(try stream.nextEvent()?.id == 1, "queued batches are sent before the end")
            #expect(try stream.next()?.lines == ["event: stop", "data: {}"], "then the stop event, not a reset")
            #expect(try stream.next() == nil, "the stream ends with the last chunk")
        }
        #expect(throws: TestSocket.Failure.self) { try TestSocket(port: server.port) }
    }

    @Test func everyOpenStreamGetsExactlyAStopEventLastWhenTheServerStops() throws {
        let channel = SyntheticChannel()
        let server = try ServerFixture.start([channel])
        let idle = try EventStreamClient(port: server.port, path: "/c/s1/events?since=0")
        #expect(try idle.next()?.lines == ["retry: 2000"])
        let busy = try EventStreamClient(port: server.port, path: "/c/s1/events?since=0")
        #expect(try busy.next()?.lines == ["retry: 2000"])
        let broadcaster = try #require(server.broadcaster(for: channel.id))
        try broadcaster.publish(version: 1, base: 0, json: Array(#"{"v":1,"base":0,"p":2,"ops":[]}"#.utf8))
        #expect(try idle.next()?.lines == ["id: 1", "event: patch", #"data: {"v":1,"base":0,"p":2,"ops":[]}"#])
        try broadcaster.publish(version: 2, base: 1, json: Array(#"{"v":2,"base":1,"p":2,"ops":[]}"#.utf8))
        server.stop()
        #expect(try idle.rest() == "id: 2\nevent: patch\ndata: {\"v\":2,\"base\":1,\"p\":2,\"ops\":[]}\n\nevent: stop\ndata: {}\n\n")
        #expect(
            try busy.rest()
                == "id: 1\nevent: patch\ndata: {\"v\":1,\"base\":0,\"p\":2,\"ops\":[]}\n\n"
                + "id: 2\nevent: patch\ndata: {\"v\":2,\"base\":1,\"p\":2,\"ops\":[]}\n\nevent: stop\ndata: {}\n\n")
    }
}
