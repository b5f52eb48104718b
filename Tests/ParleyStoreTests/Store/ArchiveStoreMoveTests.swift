import Foundation
import ParleyTestSupport
import Testing

@testable import ParleyStore

/// A message moves to another channel within one update: taken out of its old channel, staged
/// in its new one; a rolled-back update leaves it where it was.
@Suite struct ArchiveStoreMoveTests {
    static func opened() throws -> ArchiveStore {
        let store = try ArchiveStore(path: ArchiveStoreTests.database(), upgrade: ArchiveStoreTests.noUpgrade)
        try store.save(
            header: "h",
            messages: [
                ArchiveStoreTests.message("group", "1", 100, "one"), ArchiveStoreTests.message("group", "4", 400, "four"),
                ArchiveStoreTests.message("group", "5", 500, "five"),
            ])
        return store
    }

    @Test func aRemovedMessageIsReturnedAndItsNewCopyCommittedWithIt() throws {
        let store = try Self.opened()
        try store.beginUpdate()
        let removed = try #require(try store.removeMessage(channel: "group", id: "1"))
        #expect(removed.record == Array("one".utf8))
        #expect(removed.edited == 150)
        #expect(try store.removeMessage(channel: "group", id: "1") == nil)
        #expect(try store.removeMessage(channel: "topic", id: "4") == nil)
        try store.stage([ArchiveStoreTests.message("topic", "1", 100, "one")])
        try store.commitUpdate(header: "h2")
        #expect(try store.messageCount(channel: "group") == 2)
        #expect(try store.messageCount(channel: "topic") == 1)
        #expect(try store.messageCount(channel: "none") == 0)
        #expect(
            try [store.hasMessages(channel: "group"), store.hasMessages(channel: "topic"), store.hasMessages(channel: "none")] == [
                true, true, false,
            ])
        #expect(try store.messageCount() == 3)
        #expect(try store.message(channel: "group", id: "1") == nil)
        #expect(try store.message(channel: "topic", id: "1")?.record == Array("one".utf8))
    }

    @Test func aRolledBackMoveLeavesTheMessageWhereItWas() throws {
        let store = try Self.opened()
        try store.beginUpdate()
        _ = try store.removeMessage(channel: "group", id: "4")
        try store.stage([ArchiveStoreTests.message("topic", "4", 400, "four")])
        store.rollbackUpdate()
        #expect(try store.messageCount(channel: "group") == 3)
        #expect(try store.messageCount(channel: "topic") == 0)
        #expect(try store.message(channel: "group", id: "4")?.record == Array("four".utf8))
    }
}
