import Foundation
import ParleyLive
import ParleyTestSupport
import ParleyWaitSupport
import Synchronization
import Testing

@Suite struct FileFollowerTests {
    final class Recorder: Sendable {
        let events = Mutex<[FileFollower.Event]>([])
        func record(_ event: FileFollower.Event) { events.withLock { $0.append(event) } }

        /// Waits up to 5 s for at least `count` events, and returns them all.
        /// - Throws: ``WaitTimeout`` when fewer arrive.
        func wait(for count: Int) throws(WaitTimeout) -> [FileFollower.Event] {
            try eventually("\(count) events from the follower") { events.withLock(\.count) >= count }
            return events.withLock { $0 }
        }
    }

    static func append(_ text: String, to path: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    @Test func deliversAppendedLinesAndWaitsForAHalfLine() throws {
        let path = TestPaths.temporaryFolder().appendingPathComponent("events.jsonl").path
        try Data("one\n".utf8).write(to: URL(fileURLWithPath: path))
        let recorder = Recorder()
        let follower = try FileFollower(path: path) { recorder.record($0) }
        defer { follower.stop() }
        #expect(try recorder.wait(for: 1) == [.line("one", number: 1)])
        try Self.append("two\r\nthr", to: path)
        #expect(try recorder.wait(for: 2) == [.line("one", number: 1), .line("two", number: 2)])
        usleep(100_000)
        #expect(recorder.events.withLock(\.count) == 2)
        try Self.append("ee\n", to: path)
        #expect(try recorder.wait(for: 3).last == .line("three", number: 3))
    }

    @Test func reportsTruncationAndReplacement() throws {
        let folder = TestPaths.temporaryFolder()
        let path = folder.appendingPathComponent("events.jsonl").path
        try Data("a\nb\n".utf8).write(to: URL(fileURLWithPath: path))
        let recorder = Recorder()
        let follower = try FileFollower(path: path) { recorder.record($0) }
        defer { follower.stop() }
        _ = try recorder.wait(for: 2)
        let truncate = try #require(FileHandle(forWritingAtPath: path))
        try truncate.truncate(atOffset: 0)
        try truncate.write(contentsOf: Data("c\n".utf8))
        try truncate.close()
        #expect(Array(try recorder.wait(for: 4).suffix(2)) == [.truncated, .line("c", number: 1)])
        let replacement = folder.appendingPathComponent("new.jsonl")
        try Data("x\ny\nz\n".utf8).write(to: replacement)
        _ = rename(replacement.path, path)
        #expect(
            Array(try recorder.wait(for: 8).suffix(4)) == [.replaced, .line("x", number: 1), .line("y", number: 2), .line("z", number: 3)])
    }

    @Test func aMissingFileIsAnError() {
        #expect(throws: FollowError.self) { try FileFollower(path: "/nonexistent/events.jsonl") { _ in } }
    }
}
