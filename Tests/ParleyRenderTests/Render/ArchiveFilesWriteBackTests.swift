import Foundation
import ParleyTestSupport
import Testing

@testable import ParleyRender

/// Every file an archive writes has its write-back started as it is written: none of its pages in
/// the kernel's page cache is dirty after the write, before the staging folder's one flush
/// (``FileSystemSync/flush(_:)``); the bytes are the ones written. Once ``DropBehind/depth``
/// newer files follow it, its pages leave the page cache and it is closed. Read with cachestat(2);
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

    @Test func aFileLeavesThePageCacheOnceEnoughNewerFilesFollow() throws {
        let root = TestPaths.temporaryFolder()
        // The descriptors open on files below `root` (other tests open their own meanwhile).
        func openDescriptors() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count { descriptor in
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + descriptor))?.hasPrefix(root.path) == true
            }
        }
        var files = ArchiveFiles(root: root)
        let texts = (0..<DropBehind.depth + 4).map { String(repeating: "<p>page \($0)</p>\n", count: 10_000) }
        for (index, text) in texts.enumerated() { try files.write(text: text, to: "c/general/\(index).html") }
        let paths = texts.indices.map { root.appendingPathComponent("c/general/\($0).html").path }
        #expect(try openDescriptors() == DropBehind.depth)
        let onTmpfs = Self.fileSystemType(of: root.path) == "tmpfs"
        let pages = texts.map { UInt64(($0.utf8.count + 4_095) / 4_096) }
        if !onTmpfs, PageCacheState(path: paths[0]) != nil {
            #expect(paths.prefix(4).map { PageCacheState(path: $0)?.cached } == [0, 0, 0, 0])
            #expect(paths.dropFirst(4).map { PageCacheState(path: $0)?.cached } == pages.dropFirst(4).map { $0 })
        }
        try files.finish()
        #expect(try openDescriptors() == 0)
        if !onTmpfs, PageCacheState(path: paths[0]) != nil {
            #expect(paths.map { PageCacheState(path: $0)?.cached } == Array(repeating: 0, count: paths.count))
        }
        for (path, text) in zip(paths, texts) { #expect(try String(contentsOfFile: path, encoding: .utf8) == text) }
        #expect(files.bytesWritten == texts.reduce(0) { $0 + $1.utf8.count })
    }

    /// The type of the file system mounted where `path` is (the longest mount point above it in
    /// /proc/self/mounts), nil when that cannot be read.
    static func fileSystemType(of path: String) -> String? {
        guard let mounts = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8) else { return nil }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var best: (point: String, type: String)?
        for line in mounts.split(separator: "\n") {
            let fields = line.split(separator: " ").map(String.init)
            guard fields.count > 2 else { continue }
            let point = fields[1]
            let holds = resolved == point || resolved.hasPrefix(point.hasSuffix("/") ? point : point + "/")
            if holds, point.count >= (best?.point.count ?? 0) { best = (point, fields[2]) }
        }
        return best?.type
    }
}
