import Foundation
import ParleyTestSupport
import Testing

@testable import ParleyRender

/// Every file an archive writes has its write-back started as it is closed: none of its pages in
/// the kernel's page cache is dirty after the write, before the staging folder's one flush
/// (``FileSystemSync/flush(_:)``); the bytes are the ones written. Read with cachestat(2);
/// skipped where the kernel lacks it.
@Suite struct ArchiveFilesWriteBackTests {
    @Test func aWrittenFileHasNoDirtyPage() throws {
        let root = TestPaths.temporaryFolder()
        var files = ArchiveFiles(root: root)
        let text = String(repeating: "<p>page</p>\n", count: 100_000)
        try files.write(text: text, to: "c/general/page.html")
        let path = root.appendingPathComponent("c/general/page.html").path
        guard let state = PageCacheState(path: path) else { return }
        #expect(state.cached == UInt64((text.utf8.count + 4_095) / 4_096))
        #expect(state.dirty == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
        #expect(files.bytesWritten == 1_200_000)
    }
}
