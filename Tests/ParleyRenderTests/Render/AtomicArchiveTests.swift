import Foundation
import ParleyImport
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

    @Test func aFailedRenderLeavesThePreviousArchiveIntact() throws {
        let output = TestPaths.temporaryFolder().appendingPathComponent("archive")
        _ = try ArchiveWriter(options: ArchiveOptions()).write(Self.transcript("telegram-rich.json"), to: output)
        let before = Self.files(in: output)
        let index = try Data(contentsOf: output.appendingPathComponent("index.html"))
        var broken = try Self.transcript("matrix-element-export.json")
        broken.channels[0].id = ChannelID(String(repeating: "x", count: 300))
        let error = #expect(throws: RenderError.self) { try ArchiveWriter(options: ArchiveOptions()).write(broken, to: output) }
        guard case let .cannotCreate(path, reason)? = error else {
            Issue.record("expected cannotCreate, got \(String(describing: error))")
            return
        }
        #expect(path.hasSuffix("/c/" + String(repeating: "x", count: 300)))
        #expect(reason == "The operation could not be completed. The file name is invalid.")
        #expect(Self.files(in: output) == before)
        #expect(try Data(contentsOf: output.appendingPathComponent("index.html")) == index)
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path) == ["archive"])
    }

    @Test func aNewRenderLeavesNoStalePages() throws {
        let output = TestPaths.temporaryFolder().appendingPathComponent("archive")
        _ = try ArchiveWriter(options: ArchiveOptions()).write(Self.transcript("telegram-rich.json"), to: output)
        #expect(Self.files(in: output).contains("c/1234567890/2023-11.html"))
        let summary = try ArchiveWriter(options: ArchiveOptions()).write(Self.transcript("matrix-element-export.json"), to: output)
        #expect(summary.indexPath == output.appendingPathComponent("index.html").path)
        #expect(!Self.files(in: output).contains { $0.hasPrefix("c/1234567890") })
        #expect(Self.files(in: output).contains("c/.21room.3Aexample.2Eorg/2024-03.html"))
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
