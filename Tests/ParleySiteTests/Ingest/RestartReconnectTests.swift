import Foundation
import ParleyHTML
import ParleyPatch
import ParleyServerTestSupport
import ParleyStore
import ParleyTestSupport
import ParleyWaitSupport
import Testing

/// Viewers of a channel with a database reconnect to a restarted server (new port). Every start
/// takes a new epoch, so a viewer that names its page's epoch gets one reset to the server's page
/// — after a restart on the same database, on a restored older copy of it (whose versions the
/// viewer has seen with other content) and on a fresh one — and converges on a fresh page; a
/// viewer that names no epoch is checked by version only.
@Suite(.stretchedTimeLimit(minutes: 1)) struct RestartReconnectTests {
    static let stream = "/c/c1/events"

    /// Reads batches from `stream` until version `until`, applying each to `document` and then
    /// setting its `data-version` (and `data-epoch`, when the batch names one), as
    /// `Public/parley.js` does.
    /// - Returns: the batches applied, in order.
    static func follow(_ stream: EventStreamClient, from version: Int, until: Int, into document: HTMLDocument) throws -> [DecodedBatch] {
        var current = version, batches: [DecodedBatch] = []
        while current != until, let event = try stream.nextEvent() {
            let batch = try DecodedBatch(json: try #require(event.data))
            #expect(event.id == batch.version)
            #expect(batch.base == current || isReset(batch), "batch \(batch.version) applies to \(batch.base), the client is at \(current)")
            guard batch.base == current || isReset(batch) else { return batches }
            var attributes: [PatchOperation] = [.setAttribute(id: "transcript", name: "data-version", value: String(batch.version))]
            if let epoch = batch.epoch { attributes.append(.setAttribute(id: "transcript", name: "data-epoch", value: epoch)) }
            try PatchApplier().apply(batch.operations + attributes, to: document)
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

    /// The live page of `c1` at `port`: its document, version and epoch.
    static func page(port: Int) throws -> (document: HTMLDocument, version: Int, epoch: String) {
        let text = try HTTPTestResponse.get("/c/c1", port: port).text
        let epoch = try #require(text.firstMatch(of: /data-epoch="([0-9a-f]{16})"/)?.1)
        return (try HTMLDocument(page: DecodedBatch.page(text)), try #require(HTMLScan.version(text)), String(epoch))
    }

    /// A stream of `c1` resuming after `version` in `epoch` (none: checked by version only).
    static func resume(port: Int, after version: Int, epoch: String?) throws -> EventStreamClient {
        try EventStreamClient(
            port: port, path: stream + (epoch.map { "?epoch=" + $0 } ?? ""), headers: ["Last-Event-ID": String(version)])
    }

    /// Asserts that a viewer at `version` of `epoch` with `document` gets exactly one reset to
    /// `latest` in the server's epoch and then shows the server's page.
    static func expectOneReset(port: Int, document: HTMLDocument, version: Int, epoch: String, latest: Int) throws {
        let server = try page(port: port)
        #expect(server.epoch != epoch, "a new epoch at every start")
        let batches = try follow(try resume(port: port, after: version, epoch: epoch), from: version, until: latest, into: document)
        #expect(batches.map(\.version) == [latest])
        #expect(batches.map(isReset) == [true])
        #expect(batches.map(\.epoch) == [server.epoch])
        let (live, fresh) = try canonical(document, port: port)
        #expect(live == fresh, "\(LiveReconnectTests.firstDifference(live, fresh))")
    }

    @Test func aRestartOnTheSameDatabaseResetsViewersOfTheOldEpochAndReplaysToThoseThatNameNone() throws {
        let database = IngestFixture.temporaryDatabase()
        defer { IngestFixture.removeDatabase(database) }
        let first = try IngestFixture.start(database: database)
        #expect(try first.post(IngestFixture.message("n1") + "\n" + IngestFixture.message("n2", minute: 1)).status == 200)
        let opened = try Self.page(port: first.server.port)
        #expect(opened.version == 2)
        let behind = opened.document, latest = try Self.page(port: first.server.port).document
        let unnamed = try Self.page(port: first.server.port).document
        let before = try Self.resume(port: first.server.port, after: 2, epoch: opened.epoch)
        let edit = #"{"type":"edit","channel":"c1","id":"n1","content":"hello, edited","edited":"2024-04-01T10:05:00.000Z"}"#
        #expect(try first.post(edit).status == 200)
        let append = #"{"type":"append","channel":"c1","id":"n3","text":"!"}"#
        #expect(try first.post(IngestFixture.message("n3", minute: 2) + "\n" + append).status == 200)
        #expect(try first.post(#"{"type":"reaction_add","channel":"c1","id":"n2","emoji":"👍"}"#).status == 200)
        let pre = try Self.follow(before, from: 2, until: 6, into: latest)
        #expect(pre.map(\.version) == [3, 5, 6])
        #expect(Set(pre.map(\.epoch)) == [opened.epoch], "every batch names the page's epoch")
        _ = try Self.follow(try Self.resume(port: first.server.port, after: 2, epoch: nil), from: 2, until: 6, into: unnamed)
        first.server.stop()

        let second = try IngestFixture.start(database: database)
        defer { second.server.stop() }
        let restarted = try Self.page(port: second.server.port)
        #expect(restarted.version == 6)
        #expect(try EventStore(path: database).channels().map(\.epoch) == [restarted.epoch], "the epoch is stored with the channel")
        #expect(try second.post(#"{"type":"delete","channel":"c1","id":"n2"}"#).status == 200)
        #expect(try second.post(IngestFixture.message("n4", minute: 3, text: "after the restart")).status == 200)
        #expect(try second.post(#"{"type":"append","channel":"c1","id":"n3","text":" and more"}"#).status == 200)

        try Self.expectOneReset(port: second.server.port, document: behind, version: 2, epoch: opened.epoch, latest: 9)
        try Self.expectOneReset(port: second.server.port, document: latest, version: 6, epoch: opened.epoch, latest: 9)

        let replay = try Self.follow(try Self.resume(port: second.server.port, after: 6, epoch: nil), from: 6, until: 9, into: unnamed)
        #expect(replay.map(\.version) == [7, 8, 9])
        #expect(replay.map(Self.isReset) == [false, false, false])
        let (live, fresh) = try Self.canonical(unnamed, port: second.server.port)
        #expect(live == fresh, "\(LiveReconnectTests.firstDifference(live, fresh))")
        #expect(fresh.contains("after the restart") && fresh.contains("hello, edited") && !fresh.contains("m-n2"))
    }

    /// The database is restored from a copy taken at version 2 after a viewer saw versions 3 to
    /// 6; posts then take the restored channel past 6 with other content. By version alone the
    /// viewer would be replayed only version 7 on top of its other 3 to 6: its epoch resets it.
    @Test func aRestoredOlderCopyOfTheDatabaseNeverResumesAViewerIntoAnotherHistory() throws {
        let database = IngestFixture.temporaryDatabase(), copy = IngestFixture.temporaryDatabase()
        defer { for path in [database, copy] { IngestFixture.removeDatabase(path) } }
        let first = try IngestFixture.start(database: database)
        #expect(try first.post(IngestFixture.message("n1") + "\n" + IngestFixture.message("n2", minute: 1)).status == 200)
        first.server.stop()
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: database + suffix) {
            try FileManager.default.copyItem(atPath: database + suffix, toPath: copy + suffix)
        }

        let second = try IngestFixture.start(database: database)
        let opened = try Self.page(port: second.server.port)
        #expect(opened.version == 2)
        let viewer = try Self.resume(port: second.server.port, after: 2, epoch: opened.epoch)
        for minute in 2...5 { #expect(try second.post(IngestFixture.message("seen\(minute)", minute: minute)).status == 200) }
        #expect(try Self.follow(viewer, from: 2, until: 6, into: opened.document).map(\.version) == [3, 4, 5, 6])
        second.server.stop()

        IngestFixture.removeDatabase(database)
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: copy + suffix) {
            try FileManager.default.copyItem(atPath: copy + suffix, toPath: database + suffix)
        }
        let restored = try IngestFixture.start(database: database)
        defer { restored.server.stop() }
        #expect(try Self.page(port: restored.server.port).version == 2)
        for minute in 2...6 {
            #expect(try restored.post(IngestFixture.message("other\(minute)", minute: minute, text: "restored \(minute)")).status == 200)
        }
        try Self.expectOneReset(port: restored.server.port, document: opened.document, version: 6, epoch: opened.epoch, latest: 7)
        let (_, fresh) = try Self.canonical(opened.document, port: restored.server.port)
        #expect(!fresh.contains("m-seen3") && fresh.contains("restored 6"))
    }

    @Test func aRestartOnAFreshDatabaseResetsTheViewer() throws {
        let database = IngestFixture.temporaryDatabase(), other = IngestFixture.temporaryDatabase()
        defer { for path in [database, other] { IngestFixture.removeDatabase(path) } }
        let first = try IngestFixture.start(database: database)
        for minute in 0...2 { #expect(try first.post(IngestFixture.message("old\(minute)", minute: minute)).status == 200) }
        let opened = try Self.page(port: first.server.port)
        #expect(opened.version == 3)
        first.server.stop()

        let fresh = try IngestFixture.start(database: other)
        defer { fresh.server.stop() }
        #expect(try fresh.post(IngestFixture.message("new0", minute: 0, text: "a new history")).status == 200)
        try Self.expectOneReset(port: fresh.server.port, document: opened.document, version: 3, epoch: opened.epoch, latest: 1)
    }
}
