import Foundation
import ParleyTestSupport
import Testing

@testable import ParleyStore

/// A first render's store has its write-back started after every staged batch: once a batch is
/// staged, none of the database file's pages in the kernel's page cache is dirty (each is being
/// written, or written), where a file written the same way without it keeps them dirty. Read
/// with cachestat(2); skipped where the kernel lacks it.
@Suite struct WriteBackTests {
    /// A plain file of 4 MiB keeps 1,024 dirty pages until its write-back starts, then none; the
    /// bytes are the same after.
    @Test func startingWriteBackLeavesNoPageDirty() throws {
        let path = TestPaths.temporaryFolder().appendingPathComponent("file").path
        let bytes = Data((0..<4 << 20).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        // By write(2): Foundation's Data.write(to:) makes the file durable before it returns.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        #expect(descriptor >= 0)
        #expect(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) } == bytes.count)
        close(descriptor)
        guard let before = PageCacheState(path: path) else { return }
        #expect(before.cached == 1_024)
        #expect(before.dirty == 1_024)
        let writeBack = try #require(WriteBack(path: path))
        writeBack.start()
        #expect(PageCacheState(path: path)?.dirty == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(WriteBack(path: path + ".missing") == nil)
    }

    /// 3,000 rows of 3 KB (9 MB, more than SQLite's 2,000 KiB cache holds, so most are in the
    /// file) staged into a store that held no messages, in three batches: after each, no page of
    /// the database file is dirty; the commit stores every row.
    @Test func aFillStartsTheWriteBackOfEveryBatch() throws {
        let path = ArchiveStoreTests.database()
        let store = try ArchiveStore(path: path, upgrade: ArchiveStoreTests.noUpgrade)
        guard PageCacheState(path: path) != nil else { return }
        try store.beginUpdate()
        var cached: [UInt64] = []
        for batch in 0..<3 {
            try store.stage(
                (0..<1_000).map { row in
                    let id = batch * 1_000 + row
                    return ArchiveStoreTests.message("general", String(id), Int64(id), String(repeating: "\(id % 10)", count: 3_000))
                })
            let state = try #require(PageCacheState(path: path))
            #expect(state.dirty == 0)
            cached.append(state.cached)
        }
        #expect(cached[0] > 0)
        #expect(cached[2] >= 1_500)
        try store.commitUpdate(header: "h")
        #expect(try store.message(channel: "general", id: "2999")?.record == Array(String(repeating: "9", count: 3_000).utf8))
        var count: Int64 = 0
        try SQLiteConnection(path: path).query("SELECT count(*) FROM messages") { count = $0.integer(0) }
        #expect(count == 3_000)
    }
}
