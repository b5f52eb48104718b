import Foundation
import ParleyServer
import ParleyServerTestSupport
import ParleyWaitSupport
import Synchronization
import Testing

/// Bounded resources: a stalled viewer is dropped without slowing the others, and the viewer
/// limit refuses streams beyond it.
@Suite(.stretchedTimeLimit(minutes: 1)) struct ViewerLimitTests {
    @Test func aStalledViewerIsDroppedWhileAnotherKeepsReceiving() throws {
        let channel = SyntheticChannel(padding: 32_000)
        let server = try ServerFixture.start([channel]) { $0.viewerBufferLimit = 64 * 1024 }
        defer { server.stop() }
        let broadcaster = try #require(server.broadcaster(for: channel.id))
        let stalled = try EventStreamClient(port: server.port, path: "/c/s1/events?since=0", receiveBuffer: 4096)
        let active = try EventStreamClient(port: server.port, path: "/c/s1/events?since=0")
        try eventually("both viewers to be counted") { server.metrics.viewerCount == 2 }
        let received = Mutex<[Int]>([])
        let reader = Thread {
            while let event = try? active.nextEvent(), let id = event.id {
                received.withLock { $0.append(id) }
            }
        }
        reader.start()
        var published = 0
        var afterDrop = 0
        while afterDrop < 20, published < 1000 {
            published = try channel.advance(on: broadcaster)
            try eventually("the active viewer to receive batch \(published - 1)") { received.withLock { $0.count } >= published - 1 }
            if server.metrics.droppedViewerCount > 0 { afterDrop += 1 }
        }
        try eventually("the active viewer to receive all \(published) batches") { received.withLock { $0.count } == published }
        let ids = received.withLock { $0 }
        #expect(ids == Array(1...published), "the active viewer got every batch, in order, before and after the drop")
        #expect(server.metrics.droppedViewerCount == 1)
        try eventually("the dropped viewer's slot to be free again") { server.metrics.viewerCount == 1 }
        #expect(stalled.response.status == 200)
    }

    @Test func streamsBeyondMaxViewersGet503UntilASlotFrees() throws {
        let channel = SyntheticChannel()
        let server = try ServerFixture.start([channel]) { $0.maxViewers = 2 }
        defer { server.stop() }
        var first: EventStreamClient? = try EventStreamClient(port: server.port, path: "/c/s1/events?since=0")
        let second = try EventStreamClient(port: server.port, path: "/c/s1/events?since=0")
        #expect(try first?.next()?.lines == ["retry: 2000"])
        #expect(try second.next()?.lines == ["retry: 2000"])
        let refused = try HTTPTestResponse.get("/c/s1/events?since=0", port: server.port)
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") == "5")
        #expect(refused.text == "too many viewers: 2 event streams are open (--max-viewers); retry later\n")
        #expect(server.metrics.rejectedViewerCount == 1)
        #expect(try HTTPTestResponse.get("/healthz", port: server.port).status == 200, "pages are served beyond the viewer limit")
        first = nil
        let broadcaster = try #require(server.broadcaster(for: channel.id))
        try eventually("the closed stream's slot to be free (noticed at a publish)") {
            (try? channel.advance(on: broadcaster)) != nil && server.metrics.viewerCount == 1
        }
        let third = try EventStreamClient(port: server.port, path: "/c/s1/events?since=0")
        #expect(third.response.status == 200)
    }
}
