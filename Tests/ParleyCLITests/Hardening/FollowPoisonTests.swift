import Foundation
import ParleyServerTestSupport
import ParleyTestSupport
import ParleyWaitSupport
import Testing

/// `parley serve FILE --follow`: a line outside Parley's limits is skipped with a warning naming
/// its line and field; the server keeps serving and the next line arrives.
@Suite(.stretchedTimeLimit(minutes: 1))
struct FollowPoisonTests {
    @Test func aPoisonedLineIsSkippedAndTheNextOneArrives() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("live.jsonl")
        try (FollowTests.header + FollowTests.message("1", seconds: 10, text: "Hello")).write(to: file, atomically: true, encoding: .utf8)
        let (process, firstLine, _, errors) = try ServeCommandTests.launch([file.path, "--follow", "--port", "0"])
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let match = try #require(firstLine.firstMatch(of: /^Serving 1 channel at http:\/\/127\.0\.0\.1:(\d+)\/ \(Ctrl-C stops\)\n$/))
        let port = try #require(Int(match.1))
        let stream = try EventStreamClient(port: port, path: "/c/general/events?since=0")
        #expect(try stream.next()?.lines == ["retry: 2000"])
        let poison =
            String(FollowTests.message("2", seconds: 20, text: "bold").dropLast(2))
            + #","flavor":"spans","spans":[{"kind":"bold","offset":2,"length":9223372036854775807}]}"# + "\n"
        try FollowTests.append(poison + FollowTests.message("3", seconds: 30, text: "After"), to: file)
        let batch = try DecodedBatch(json: try #require(try stream.nextEvent()?.data))
        #expect(FollowTests.insertedIDs(batch) == ["m-3"])
        #expect(HTMLScan.articleIDs(try HTTPTestResponse.get("/c/general", port: port).text) == ["m-1", "m-3"])
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let warnings = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(
            warnings
                == "parley: warning: \(file.path): line 3, byte 0: message record: field \"spans[0].length\": 9223372036854775807 "
                + "from offset 2 reaches outside the text (4 UTF-16 units) (limits: docs/FORMAT.md); skipped\n")
    }
}
