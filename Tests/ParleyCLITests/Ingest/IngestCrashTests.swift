import Foundation
import ParleyLive
import ParleyRender
import ParleyServer
import ParleyServerTestSupport
import ParleySite
import ParleyStore
import ParleyTestSupport
import ParleyWaitSupport
import Testing

/// `parley serve` killed with `SIGKILL` during heavy ingest: no acknowledged event is lost.
@Suite(.stretchedTimeLimit(minutes: 1)) struct IngestCrashTests {
    @Test func killingTheServerDuringTwentyPostersLosesNoAcknowledgedEvent() throws {
        let database = IngestFixture.temporaryDatabase()
        defer { IngestFixture.removeDatabase(database) }
        let first = try ServeProcess(database: database)
        let acknowledged = Acknowledged()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.4) { kill(first.process.processIdentifier, SIGKILL) }
        DispatchQueue.concurrentPerform(iterations: 20) { poster in
            for index in 0..<10_000 {
                let record = IngestFixture.message("k\(poster)-\(index)", minute: index)
                guard let reply = try? ServeProcess.post(record, port: first.port), reply.status == 200 else { return }
                acknowledged.add(record)
            }
        }
        first.process.waitUntilExit()
        let stored = Set(try EventStore(path: database).events(in: "c1").map(\.record))
        #expect(acknowledged.count > 0)
        #expect(acknowledged.records.isSubset(of: stored))
        let second = try ServeProcess(database: database)
        defer {
            second.process.terminate()
            second.process.waitUntilExit()
        }
        let page = try HTTPTestResponse.get("/c/c1", port: second.port).text
        let transcript = try ServerTranscripts.tiny()
        let fresh = LiveServedChannel(
            channel: transcript.channels[0], directory: transcript.directory,
            options: LiveOptions(window: 500, templates: try TemplateSet.load()),
            pages: try LivePageRenderer.load(siteTitle: transcript.title))
        #expect(try fresh.restore(from: try EventStore(path: database)).isEmpty)
        #expect(HTMLScan.version(page) == stored.count)
        #expect(HTMLScan.main(page)?.content == String(decoding: fresh.current().sections, as: UTF8.self))
    }
}

/// The records the server acknowledged.
private final class Acknowledged: @unchecked Sendable {
    private let lock = NSLock()
    private var values: Set<String> = []

    func add(_ record: String) { lock.withLock { _ = values.insert(record) } }
    var records: Set<String> { lock.withLock { values } }
    var count: Int { lock.withLock { values.count } }
}
