import Foundation
import ParleyServerTestSupport
import ParleyWaitSupport
import Synchronization
import Testing

@testable import ParleySite

/// Group commit: batches that wait while another commit holds the lock are checked in order,
/// stored in one transaction and shown in one patch batch; each stays all or nothing.
@Suite(.stretchedTimeLimit(minutes: 1)) struct GroupCommitTests {
    @Test func waitingBatchesCommitTogetherAndARejectedOneChangesNothing() throws {
        let fixture = try IngestFixture.start()
        defer { fixture.stopAndDeleteDatabase() }
        let ingest = fixture.ingest
        let stream = try EventStreamClient(port: fixture.server.port, path: "/c/c1/events?since=0")
        _ = try stream.next()
        let bodies = [
            IngestFixture.message("a1") + "\n" + IngestFixture.message("a2", minute: 1),
            IngestFixture.message("b1", minute: 2) + "\n" + #"{"type":"delete","channel":"c1","id":"nope"}"#,
            #"{"type":"append","channel":"c1","id":"a2","text":" and more"}"#,
        ]
        let replies = Mutex<[Int: HTTPTestResponse]>([:])
        let group = DispatchGroup()
        try ingest.order.withLock { _ throws(WaitTimeout) in
            for (index, body) in bodies.enumerated() {
                // A thread of its own per post: a post blocks until the lock is released, and
                // blocked work on the global queues could starve the next post of a thread.
                group.enter()
                Thread {
                    // The first post waits for the lock while the others arrive: on a loaded
                    // machine that takes longer than a reply's usual 5 s.
                    let reply = try? fixture.post(body, timeout: 60)
                    replies.withLock { $0[index] = reply }
                    group.leave()
                }.start()
                try eventually("post \(index + 1) to wait for the commit lock") { ingest.waiting.withLock { $0.count } > index }
            }
        }
        group.wait()
        let texts = replies.withLock { $0 }.mapValues(\.text)
        #expect(texts[0] == #"{"channel":"c1","events":2,"version":3}"# + "\n")
        #expect(texts[1] == #"request body: line 2: no message "nope" in channel "c1": expected an existing message"# + "\n")
        #expect(texts[2] == #"{"channel":"c1","events":1,"version":3}"# + "\n")
        #expect(try fixture.store.events(in: "c1").map(\.version) == [1, 2, 3])
        let batch = try #require(try stream.nextEvent())
        #expect(batch.field("id") == "3")
        #expect(batch.field("data")?.contains(#""base":0"#) == true, "one patch batch from 0 to 3")
        let page = try HTTPTestResponse.get("/c/c1", port: fixture.server.port).text
        #expect(HTMLScan.articleIDs(page).suffix(2) == ["m-a1", "m-a2"])
        #expect(page.contains("hello and more"))
    }
}
