import Foundation
import ParleyImport
import ParleyLayout
import ParleyModel
import ParleyRender
import ParleyTestSupport
import Testing

/// The archive folder is replaced as a whole: a failed render leaves the previous archive, a
/// new render leaves no stale pages, and a folder holding something else is never replaced.
@Suite struct AtomicArchiveTests {
    static func transcript(_ name: String) throws -> Transcript {
        try TranscriptReader().read(contentsOf: TestPaths.fixture(name).path).transcript
    }

    static func files(in folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
    }

    /// A source that fails when its pages are read, after the render has begun.
    struct FailingSource: ArchiveSource {
        let base: TranscriptSource
        var title: String { base.title }
        var directory: Directory { base.directory }
        var channels: [Channel] { base.channels }
        var headerDigest: UInt64? { base.headerDigest }
        func messageCount() throws(RenderError) -> Int { base.messageCount() }
        var entries: any EntrySource { base }
        var entryReader: (@Sendable () throws(RenderError) -> any EntrySource)? { base.entryReader }
        func runs(_ requests: [MessageRun.Request]) throws(RenderError) -> [MessageRun] {
            throw .cannotRead(path: "store", reason: "disk gone")
        }
        func colors() throws(RenderError) -> [String] { base.colors() }
    }

    @Test func aFailedRenderLeavesThePreviousArchiveIntact() throws {
        let output = TestPaths.temporaryFolder().appendingPathComponent("archive")
        _ = try ArchiveWriter(options: ArchiveOptions()).write(Self.transcript("telegram-rich.json"), to: output)
        let before = Self.files(in: output)
        let index = try Data(contentsOf: output.appendingPathComponent("index.html"))
        let broken = FailingSource(base: TranscriptSource(try Self.transcript("matrix-element-export.json")))
        let lock = try ArchiveLock.acquire(for: output)
        #expect(throws: RenderError.cannotRead(path: "store", reason: "disk gone")) {
            try ArchiveWriter(options: ArchiveOptions()).write(broken, holding: lock)
        }
        lock.release()
        #expect(Self.files(in: output) == before)
        #expect(try Data(contentsOf: output.appendingPathComponent("index.html")) == index)
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path) == ["archive"])
    }

    /// A first render that fails leaves no folder and no file: the staging folder, which holds only
    /// Parley's files until its manifest is written, is removed whole (`favicon.ico` included, which
    /// the layout rule for archives without a manifest does not claim).
    @Test func aFailedFirstRenderLeavesNothing() throws {
        let parent = TestPaths.temporaryFolder()
        let output = parent.appendingPathComponent("archive")
        let broken = FailingSource(base: TranscriptSource(try Self.transcript("matrix-element-export.json")))
        let lock = try ArchiveLock.acquire(for: output)
        #expect(throws: RenderError.cannotRead(path: "store", reason: "disk gone")) {
            try ArchiveWriter(options: ArchiveOptions()).write(broken, holding: lock)
        }
        lock.release()
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == [])
    }

    @Test func aNewRenderLeavesNoStalePages() throws {
        let output = TestPaths.temporaryFolder().appendingPathComponent("archive")
        _ = try ArchiveWriter(options: ArchiveOptions()).write(Self.transcript("telegram-rich.json"), to: output)
        #expect(Self.files(in: output).contains("c/1234567890/2023-11.html"))
        let summary = try ArchiveWriter(options: ArchiveOptions()).write(Self.transcript("matrix-element-export.json"), to: output)
        #expect(summary.indexPath == output.appendingPathComponent("index.html").path)
        #expect(!Self.files(in: output).contains { $0.hasPrefix("c/1234567890") })
        #expect(Self.files(in: output).contains("c/~.21room.3Aexample.2Eorg/2024-03.html"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path) == ["archive"])
    }

    @Test func aFileOrAFolderOfOtherThingsIsRefused() throws {
        let folder = TestPaths.temporaryFolder()
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let transcript = try Self.transcript("telegram-rich.json")
        #expect(
            throws: RenderError.cannotCreate(
                path: folder.path,
                reason: "it is not empty and holds no Parley archive (index.html, public/parley.css); choose a new or empty folder")
        ) { try ArchiveWriter(options: ArchiveOptions()).write(transcript, to: folder) }
        let file = folder.appendingPathComponent("notes.txt")
        #expect(throws: RenderError.cannotCreate(path: file.path, reason: "it exists and is not a folder")) {
            try ArchiveWriter(options: ArchiveOptions()).write(transcript, to: file)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
    }
}
