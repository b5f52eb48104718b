import Foundation
import ParleyHTML
import ParleyLive
import ParleyModel
import ParleyPatch
import ParleyRender
import ParleyServer
import ParleyServerTestSupport
import ParleySite
import ParleyTestSupport
import ParleyWaitSupport
import Testing

/// A live channel changed by a seeded series of events while a client reconnects with
/// `Last-Event-ID` at 1,000 random points: applying every batch it receives to the page it first
/// fetched gives the page a fresh fetch serves, with no batch skipped or applied twice.
///
/// Three minutes: the test takes about 5 s in a debug build and 17 s under AddressSanitizer on
/// its own, and longer among the other tests running in parallel.
@Suite(.stretchedTimeLimit(minutes: 3)) struct LiveReconnectTests {
    static let channelID = ChannelID("live")

    /// A live channel of three messages, served (attached to its broadcaster), and the ingest
    /// that changes it without a database.
    static func serve() throws -> (channel: LiveServedChannel, server: LiveServer, ingest: EventIngest) {
        let author = Author(id: AuthorID("u1"), name: "maya", displayName: "Maya")
        let messages = (1...3).map {
            Message(
                id: MessageID("s\($0)"), channel: channelID, author: author,
                timestamp: Timestamp(milliseconds: 1_709_880_000_000 + Int64($0) * 60_000),
                content: Content(text: "seed \($0)"))
        }
        let pages = try LivePageRenderer.load(siteTitle: "Test site")
        let channel = LiveServedChannel(
            channel: Channel(id: channelID, name: "live", messages: messages), directory: Directory(),
            options: LiveOptions(window: 5000, templates: try TemplateSet.load()), pages: pages)
        let ingest = EventIngest(channels: [channel], store: nil, pages: pages)
        let server = try ServerFixture.start([channel], ingest: ingest) { $0.replay = ReplayLimits(batches: 8192) }
        return (channel, server, ingest)
    }

    /// Reads batches from `stream` up to version `until`, applying each to `document` and then
    /// setting its `data-version`, as `Public/parley.js` does.
    /// - Returns: the version reached.
    static func follow(_ stream: EventStreamClient, from version: Int, until: Int, into document: HTMLDocument) throws -> Int {
        var current = version
        while current < until, let event = try stream.nextEvent() {
            let batch = try DecodedBatch(json: try #require(event.data))
            #expect(event.id == batch.version)
            #expect(batch.base == current, "batch \(batch.version) applies to \(batch.base), the client is at \(current)")
            guard batch.base == current else { return current }
            try PatchApplier().apply(
                batch.operations + [.setAttribute(id: "transcript", name: "data-version", value: String(batch.version))], to: document)
            current = batch.version
        }
        return current
    }

    /// Where two serializations part, with some context on each side.
    static func firstDifference(_ live: String, _ expected: String) -> String {
        let (a, b) = (Array(live.utf8), Array(expected.utf8))
        let index = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
        let context = { (bytes: [UInt8]) in String(decoding: bytes[max(0, index - 200)..<min(bytes.count, index + 200)], as: UTF8.self) }
        return "differ at byte \(index) (live \(a.count), expected \(b.count))\n live: …\(context(a))\n expected: …\(context(b))"
    }

    @Test func reconnectsAtRandomPointsConvergeOnTheFreshPage() throws {
        let (channel, server, _) = try Self.serve()
        defer { server.stop() }
        let path = "/c/\(Self.channelID.rawValue)"
        let first = try HTTPTestResponse.get(path, port: server.port).text
        var version = try #require(HTMLScan.version(first))
        let document = try HTMLDocument(page: DecodedBatch.page(first))
        var script = LiveEventScript(channel: Self.channelID, seed: 2024, existing: (1...3).map { MessageID("s\($0)") })
        var random = SeededRandom(seed: 77)
        var applied = 0, reconnects = 0
        for _ in 0..<1000 {
            for _ in 0...random.below(3) {
                try channel.apply([script.next()])
                applied += 1
            }
            let published = channel.version
            let stop = version + 1 + random.below(published - version)
            let stream = try EventStreamClient(port: server.port, path: path + "/events", headers: ["Last-Event-ID": String(version)])
            version = try Self.follow(stream, from: version, until: stop, into: document)
            #expect(version == stop)
            reconnects += 1
        }
        let stream = try EventStreamClient(port: server.port, path: path + "/events", headers: ["Last-Event-ID": String(version)])
        version = try Self.follow(stream, from: version, until: channel.version, into: document)
        #expect(version == channel.version)
        #expect((applied, reconnects, version) == (1990, 1000, 1990), "every event changed the page; every point reconnected")
        let freshPage = try HTTPTestResponse.get(path, port: server.port).text
        #expect(HTMLScan.articleIDs(freshPage) == script.existing.map { "m-\($0.rawValue)" })
        let fresh = try HTMLDocument(page: DecodedBatch.page(freshPage))
        let live = try document.canonicalHTML(of: "transcript"), expected = try fresh.canonicalHTML(of: "transcript")
        #expect(live == expected, "\(Self.firstDifference(live, expected))")
    }
}
