import Foundation
import ParleyServerTestSupport
import ParleyTestSupport
import Testing

/// Events that change no part of the live page (a message outside the live window) still move
/// the channel's place in the event log: the next commit does not apply them again.
@Suite struct UnseenChangeTests {
    @Test("an append to a message outside the live window is applied once, however many posts follow")
    func anAppendOutsideTheWindowIsAppliedOnce() throws {
        let fixture = try IngestFixture.start(window: 2)
        defer { fixture.stopAndDeleteDatabase() }
        let append = #"{"type":"append","channel":"c1","id":"101","text":" (appended once)"}"#
        #expect(try fixture.post(append).status == 200)
        for index in 0..<3 {
            #expect(try fixture.post(IngestFixture.message("n\(index)", minute: 59, text: "later \(index)")).status == 200)
        }
        let older = try HTTPTestResponse.get("/c/c1/before/102", port: fixture.server.port).text
        #expect(HTMLScan.articleIDs(older) == ["m-101"])
        #expect(older.components(separatedBy: "(appended once)").count == 2, "the appended text, once")
        #expect(try fixture.store.events(in: "c1").count == 4)
    }
}
