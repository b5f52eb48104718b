import Foundation
import ParleyHTML
import ParleyPatch
import ParleyServerTestSupport
import ParleyTestSupport
import ParleyWaitSupport
import Testing

/// Viewers of a channel with a database reconnect to a restarted server (same database, new
/// port): one whose page is older than the last pre-restart batch gets a reset, one at the last
/// pre-restart version gets the post-restart batches replayed, and both converge on a fresh page.
@Suite(.stretchedTimeLimit(minutes: 1)) struct RestartReconnectTests {
    static let stream = "/c/c1/events"

    /// Reads batches from `stream` until version `until`, applying each to `document` and then
    /// setting its `data-version`, as `Public/parley.js` does.
    /// - Returns: the batches applied, in order.
    static func follow(_ stream: EventStreamClient, from version: Int, until: Int, into document: HTMLDocument) throws -> [DecodedBatch] {
        var current = version, batches: [DecodedBatch] = []
        while current < until, let event = try stream.nextEvent() {
            let batch = try DecodedBatch(json: try #require(event.data))
            #expect(event.id == batch.version)
            #expect(batch.base == current, "batch \(batch.version) applies to \(batch.base), the client is at \(current)")
            guard batch.base == current else { return batches }
            try PatchApplier().apply(
                batch.operations + [.setAttribute(id: "transcript", name: "data-version", value: String(batch.version))], to: document)
            current = batch.version
            batches.append(batch)
        }
        return batches
    }

    /// The canonical `#transcript` of `document`, and of the page the server at `port` serves now.
    static func canonical(_ document: HTMLDocument, port: Int) throws -> (live: String, fresh: String) {
        let fresh = try HTMLDocument(page: DecodedBatch.page(try HTTPTestResponse.get("/c/c1", port: port).text))
        return (try document.canonicalHTML(of: "transcript"), try fresh.canonicalHTML(of: "transcript"))
    }

    static func isReset(_ batch: DecodedBatch) -> Bool {
        guard case .reset = batch.operations.first else { return false }
        return batch.operations.count == 1
    }

    @Test func viewersReconnectingAcrossARestartConvergeOnTheFreshPage() throws {
        let database = IngestFixture.temporaryDatabase()
        defer { IngestFixture.removeDatabase(database) }
        let first = try IngestFixture.start(database: database)
        #expect(try first.post(IngestFixture.message("n1") + "\n" + IngestFixture.message("n2", minute: 1)).status == 200)
        let page = try HTTPTestResponse.get("/c/c1", port: first.server.port).text
        let v1 = try #require(HTMLScan.version(page))
        #expect(v1 == 2)
        let behind = try HTMLDocument(page: DecodedBatch.page(page)), latest = try HTMLDocument(page: DecodedBatch.page(page))
        let before = try EventStreamClient(port: first.server.port, path: Self.stream, headers: ["Last-Event-ID": String(v1)])
        let edit = #"{"type":"edit","channel":"c1","id":"n1","content":"hello, edited","edited":"2024-04-01T10:05:00.000Z"}"#
        #expect(try first.post(edit).status == 200)
        let append = #"{"type":"append","channel":"c1","id":"n3","text":"!"}"#
        #expect(try first.post(IngestFixture.message("n3", minute: 2) + "\n" + append).status == 200)
        #expect(try first.post(#"{"type":"reaction_add","channel":"c1","id":"n2","emoji":"👍"}"#).status == 200)
        let pre = try Self.follow(before, from: v1, until: 6, into: latest)
        #expect(pre.map(\.version) == [3, 5, 6])
        first.server.stop()

        let second = try IngestFixture.start(database: database)
        defer { second.server.stop() }
        #expect(HTMLScan.version(try HTTPTestResponse.get("/c/c1", port: second.server.port).text) == 6)
        #expect(try second.post(#"{"type":"delete","channel":"c1","id":"n2"}"#).status == 200)
        #expect(try second.post(IngestFixture.message("n4", minute: 3, text: "after the restart")).status == 200)
        #expect(try second.post(#"{"type":"append","channel":"c1","id":"n3","text":" and more"}"#).status == 200)

        let resumed = try EventStreamClient(port: second.server.port, path: Self.stream, headers: ["Last-Event-ID": String(v1)])
        let reset = try Self.follow(resumed, from: v1, until: 9, into: behind)
        #expect(reset.map(\.version) == [9])
        #expect(reset.map(Self.isReset) == [true])
        let (behindLive, behindFresh) = try Self.canonical(behind, port: second.server.port)
        #expect(behindLive == behindFresh, "\(LiveReconnectTests.firstDifference(behindLive, behindFresh))")

        let replayed = try EventStreamClient(port: second.server.port, path: Self.stream, headers: ["Last-Event-ID": "6"])
        let replay = try Self.follow(replayed, from: 6, until: 9, into: latest)
        #expect(replay.map(\.version) == [7, 8, 9])
        #expect(replay.map(Self.isReset) == [false, false, false])
        let (latestLive, latestFresh) = try Self.canonical(latest, port: second.server.port)
        #expect(latestLive == latestFresh, "\(LiveReconnectTests.firstDifference(latestLive, latestFresh))")
        #expect(latestFresh.contains("after the restart") && latestFresh.contains("hello, edited") && !latestFresh.contains("m-n2"))
    }
}
