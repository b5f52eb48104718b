import Foundation
import ParleyPatch
import ParleyServerTestSupport
import ParleyWaitSupport
import Testing

/// `parley serve FILE --follow` as a user runs it: a line appended to the file reaches a viewer
/// as a patch batch; half a line waits for its newline; SIGTERM stops it cleanly.
@Suite(.stretchedTimeLimit(minutes: 1)) struct FollowTests {
    static let header =
        #"{"type":"header","format":"parley","version":1,"title":"Follow","channels":[{"id":"general","name":"general"}]}"# + "\n"

    /// A `message` event line for message `id`.
    static func message(_ id: String, seconds: Int, text: String) -> String {
        #"{"type":"message","channel":"general","id":"\#(id)","timestamp":"2024-03-08T09:15:\#(seconds).000Z","author":{"id":"u1","name":"maya"},"content":"\#(text)"}"#
            + "\n"
    }

    static func append(_ text: String, to file: URL) throws {
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// The ids of the elements that `batch` inserts.
    static func insertedIDs(_ batch: DecodedBatch) -> [String] {
        batch.operations.compactMap { if case let .insert(id, _, _, _) = $0 { id } else { nil } }
    }

    @Test func appendedLinesArriveAsBatchesAndHalfALineWaitsForItsNewline() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parley-follow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("live.jsonl")
        try (Self.header + Self.message("1", seconds: 10, text: "Hello") + Self.message("2", seconds: 20, text: "Hi"))
            .write(to: file, atomically: true, encoding: .utf8)
        let (process, firstLine, _, _) = try ServeCommandTests.launch([file.path, "--follow", "--port", "0"])
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let match = try #require(firstLine.firstMatch(of: /^Serving 1 channel at http:\/\/127\.0\.0\.1:(\d+)\/ \(Ctrl-C stops\)\n$/))
        let port = try #require(Int(match.1))
        #expect(HTMLScan.articleIDs(try HTTPTestResponse.get("/c/general", port: port).text) == ["m-1", "m-2"])
        let stream = try EventStreamClient(port: port, path: "/c/general/events?since=0")
        #expect(try stream.next()?.lines == ["retry: 2000"])

        try Self.append(Self.message("3", seconds: 30, text: "Appended"), to: file)
        let first = try DecodedBatch(json: try #require(try stream.nextEvent()?.data))
        #expect((first.base, first.version) == (0, 1))
        #expect(Self.insertedIDs(first) == ["m-3"])

        let line = Self.message("4", seconds: 40, text: "In two writes")
        let half = line.index(line.startIndex, offsetBy: line.count / 2)
        try Self.append(String(line[..<half]), to: file)
        usleep(500_000)
        #expect(HTMLScan.version(try HTTPTestResponse.get("/c/general", port: port).text) == 1, "half a line changes nothing")
        try Self.append(String(line[half...]), to: file)
        let second = try DecodedBatch(json: try #require(try stream.nextEvent()?.data))
        #expect((second.base, second.version) == (1, 2), "no batch came from the half line")
        #expect(Self.insertedIDs(second) == ["m-4"])
        #expect(HTMLScan.articleIDs(try HTTPTestResponse.get("/c/general", port: port).text) == ["m-1", "m-2", "m-3", "m-4"])

        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }
}
