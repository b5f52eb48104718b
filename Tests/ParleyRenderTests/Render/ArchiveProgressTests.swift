import Foundation
import ParleyImport
import ParleyModel
import ParleyRender
import ParleyTestSupport
import Testing

/// What ``ArchiveWriter`` reports while it writes, and what it measures.
@Suite struct ArchiveProgressTests {
    static func render(messagesPerPage: Int) throws -> (root: URL, events: [ArchiveProgress], summary: ArchiveSummary) {
        let transcript = try TranscriptReader().read(contentsOf: TestPaths.fixture("tiny.json").path).transcript
        let root = TestPaths.temporaryFolder()
        var events: [ArchiveProgress] = []
        let summary = try ArchiveWriter(options: ArchiveOptions(messagesPerPage: messagesPerPage)).write(transcript, to: root) {
            events.append($0)
        }
        return (root, events, summary)
    }

    @Test("one event per page, the channel's pages and index first and the archive index last, then the swap")
    func eventsInOrder() throws {
        let (root, events, summary) = try Self.render(messagesPerPage: 4)
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(
            events == [
                .rendering(messages: 9), .pageWritten(pages: 1, messages: 4), .pageWritten(pages: 2, messages: 8),
                .pageWritten(pages: 3, messages: 9), .pageWritten(pages: 4, messages: 9), .pageWritten(pages: 5, messages: 9), .swapping,
            ])
        #expect(summary.pages == 5)
        #expect(summary.messages == 9)
    }

    @Test("the bytes written are the sizes of the files the manifest lists; both phases take time")
    func timingsAndBytes() throws {
        let (root, _, summary) = try Self.render(messagesPerPage: 1000)
        defer { try? FileManager.default.removeItem(at: root) }
        let manifest = try String(contentsOf: root.appendingPathComponent(".parley-manifest"), encoding: .utf8)
        let listed = manifest.split(separator: "\n").dropFirst().map(String.init)
        // 2 channel pages, index.html, colors.css, favicon.ico, 9 public files (4 and 5 themes), and
        // the search index: its entry, one term shard and one snippet chunk.
        #expect(listed.count == 17)
        #expect(listed.filter { $0.hasPrefix("search/") }.count == 3)
        let sizes = try listed.map { try FileManager.default.attributesOfItem(atPath: root.appendingPathComponent($0).path)[.size] as! Int }
        #expect(summary.timings.bytes == sizes.reduce(0, +))
        #expect(summary.timings.render > .zero)
        #expect(summary.timings.write > .zero)
    }

    @Test("pages rendered several batches ahead are written in order, each holding exactly its own messages")
    func manyBatchesInOrder() throws {
        // 3 messages a page, 601 messages: 201 pages, far more batches than render at once.
        var channel = Channel(id: ChannelID("live"), name: "live")
        channel.messages = (0..<601).map { LiveFixtures.message("m\($0)", minute: Int64($0), author: $0 % 4, text: "message \($0)") }
        let root = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        var events: [ArchiveProgress] = []
        let summary = try ArchiveWriter(options: ArchiveOptions(messagesPerPage: 3)).write(
            Transcript(title: "Many", channels: [channel]), to: root
        ) { events.append($0) }
        #expect(summary.pages == 201 + 2)
        let written = events.compactMap { event -> (pages: Int, messages: Int)? in
            if case let .pageWritten(pages, messages) = event { return (pages, messages) }
            return nil
        }
        #expect(written.map(\.pages) == Array(1...203))
        #expect(written.prefix(201).map(\.messages) == (1...201).map { min(3 * $0, 601) })
        let folder = root.appendingPathComponent("c/live")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "index.html" }.sorted {
            $0.count == $1.count ? $0 < $1 : $0.count < $1.count
        }
        #expect(names.count == 201)
        var shown: [String] = []
        for name in names {
            let page = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let ids = page.split(separator: "id=\"m-").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            #expect(ids.count == (shown.count == 600 ? 1 : 3), "\(name)")
            shown += ids
        }
        #expect(shown == (0..<601).map { "m\($0)" })
    }
}
