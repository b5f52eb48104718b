import Foundation
import ParleyStore
import ParleyTestSupport
import Testing

@Suite struct EventStoreTests {
    static func database() -> String { TestPaths.temporaryFolder().appendingPathComponent("events.sqlite").path }

    @Test func versionsArePerChannelAndSurviveReopening() throws {
        let path = Self.database()
        do {
            let store = try EventStore(path: path)
            try store.createChannel("general", header: #"{"type":"header"}"#)
            try store.createChannel("random", header: "{}")
            #expect(try store.append(["a", "b"], to: "general") == [1, 2])
            #expect(try store.append(["x"], to: "random") == [1])
            #expect(try store.append(["c"], to: "general") == [3])
        }
        let reopened = try EventStore(path: path)
        #expect(
            try reopened.channels() == [
                StoredChannel(id: "general", header: #"{"type":"header"}"#, version: 3),
                StoredChannel(id: "random", header: "{}", version: 1),
            ])
        #expect(
            try reopened.events(in: "general", after: 1) == [StoredEvent(version: 2, record: "b"), StoredEvent(version: 3, record: "c")])
    }

    @Test func anUnknownChannelAppendsNothing() throws {
        let path = Self.database()
        let store = try EventStore(path: path)
        #expect(throws: StoreError.unknownChannel(path: path, channel: "nope")) { try store.append(["a"], to: "nope") }
        #expect(try store.channels().isEmpty)
    }

    @Test func concurrentAppendsGetDistinctConsecutiveVersions() async throws {
        let store = try EventStore(path: Self.database())
        try store.createChannel("c", header: "{}")
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask { for index in 0..<25 { _ = try? store.append(["\(writer)-\(index)"], to: "c") } }
            }
        }
        let events = try store.events(in: "c")
        #expect(events.map(\.version) == Array(1...200))
        #expect(Set(events.map(\.record)).count == 200)
    }

    @Test func anUnwritableLocationIsAClearError() {
        #expect(throws: StoreError.self) { try EventStore(path: "/nonexistent/folder/events.sqlite") }
    }
}
