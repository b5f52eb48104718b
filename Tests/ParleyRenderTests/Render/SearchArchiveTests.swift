import Foundation
import ParleyModel
import ParleySearch
import ParleyTestSupport
import Testing

@testable import ParleyRender

/// The archive's search index (`search/`, `docs/SEARCH-INDEX.md`) as `ArchiveWriter` writes it:
/// every message a document in its channel's range, snippets as the pages show them, every page
/// with the search box, and an update that keeps the ranges and links the files it did not change.
@Suite struct SearchArchiveTests {
    static func transcript(extra: Bool = false) -> Transcript {
        func channel(_ id: String, _ texts: [(minute: Int64, author: Int, text: String)]) -> Channel {
            var channel = Channel(id: ChannelID(id), name: id.capitalized)
            channel.messages = texts.map { item in
                var message = LiveFixtures.message("\(id)-\(item.minute)", minute: item.minute, author: item.author, text: item.text)
                message.channel = ChannelID(id)
                return message
            }
            return channel
        }
        var general: [(minute: Int64, author: Int, text: String)] = [(0, 0, "Picnic on Sunday?"), (60 * 24 * 40, 1, "Picnic photos 📷")]
        if extra { general.append((60 * 24 * 41, 2, "Sunday again")) }
        return Transcript(
            title: "Chats",
            channels: [channel("general", general), channel("dm", [(1, 3, "東京で")])])
    }

    static func read(_ output: URL, _ path: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theIndexOfASmallArchive() throws {
        let output = TestPaths.temporaryFolder().appendingPathComponent("archive")
        _ = try ArchiveWriter(options: ArchiveOptions()).write(Self.transcript(), to: output)
        let entry = try Self.read(output, "search/index.js")
        let channels = [
            #"ParleySearch.entry({"version":1,"documents":3,"channels":[{"id":"general","name":"General","folder":"c/general/","#,
            #""base":0,"capacity":1024,"count":2,"pages":[[0,"2024-03.html"],[1,"2024-04.html"]],"days":"16k$A1IB"},"#,
            #"{"id":"dm","name":"Dm","folder":"c/dm/","base":1024,"capacity":1024,"count":1,"pages":[[0,"2024-03.html"]],"#,
            #""days":"16k$A"}],"shards":[["","t/"#,
        ].joined()
        #expect(entry.hasPrefix(channels))
        let shardPath = try #require(entry.firstMatch(of: /"shards":\[\["","(t\/[0-9a-f]{16}\.js)"\]\]/)?.output.1)
        #expect(entry.hasSuffix(#"]],"snippetChunk":1024});"# + "\n"))
        let shard = try Self.read(output, "search/" + shardPath)
        // Document 0 is written as the gap 1 (B), 1024 as 1025 (10B); 京で sorts before 東京 (U+4EAC < U+6771).
        let body = [
            #"{"from:ana":"B","from:ben":"C","from:dee":"10B","on":"B","photos":"C","picnic":"BB","sunday":"B","京で":"10B","#,
            #""東京":"10B","📷":"C"}"#,
        ].joined()
        #expect(shard == "ParleySearch.shard(\"\(shardPath)\",\(body));\n")
        #expect(
            try Self.read(output, "search/s/0.js")
                == #"ParleySearch.snippets(0,[[0,"m-general-0","2024-03-08 09:00","Ana","Picnic on Sunday?"],[1,"m-general-57600","2024-04-17 09:00","Ben","Picnic photos 📷"]]);"#
                + "\n")
        #expect(
            try Self.read(output, "search/s/1.js") == #"ParleySearch.snippets(1,[[1024,"m-dm-1","2024-03-08 09:01","Dee","東京で"]]);"# + "\n")
        let manifest = try Self.read(output, ".parley-manifest")
        for path in ["search/index.js", "search/" + shardPath, "search/s/0.js", "search/s/1.js"] {
            #expect(manifest.contains("\n" + path + "\n"))
        }
        let page = try Self.read(output, "c/general/2024-03.html")
        #expect(page.contains(#"<script src="../../public/search.js" defer="defer"></script></head>"#))
        #expect(page.contains(#"<header class="page-header"><div id="search" class="search" data-root="../../" hidden=""></div><nav"#))
        // An empty root is left out: search.js reads a missing data-root as "".
        #expect(try Self.read(output, "index.html").contains(#"<div id="search" class="search" hidden=""></div>"#))
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("public/search.js").path))
    }

    /// A message added at the end of one channel: ranges kept, the new document appended, the
    /// other channel's snippet chunk linked from the previous archive (same inode).
    @Test func anUpdateAppendsDocuments() throws {
        let output = TestPaths.temporaryFolder().appendingPathComponent("archive")
        let writer = try ArchiveWriter(options: ArchiveOptions())
        _ = try writer.write(Self.transcript(), to: output)
        func inode(_ path: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: output.appendingPathComponent(path).path)[.systemFileNumber] as? Int)
        }
        let dmChunk = try inode("search/s/1.js")
        _ = try writer.write(Self.transcript(extra: true), to: output)
        #expect(try inode("search/s/1.js") == dmChunk)
        let entry = try Self.read(output, "search/index.js")
        #expect(entry.contains(#""base":0,"capacity":1024,"count":3,"#))
        #expect(entry.contains(#""base":1024,"capacity":1024,"count":1,"#))
        #expect(
            try Self.read(output, "search/s/0.js").hasSuffix(#"[2,"m-general-59040","2024-04-18 09:00","Cy","Sunday again"]]);"# + "\n"))
    }
}
