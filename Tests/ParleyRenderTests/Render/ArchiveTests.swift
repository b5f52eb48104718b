import Foundation
import ParleyImport
import ParleyModel
import ParleyRender
import ParleyTestSupport
import Testing

@Suite struct ArchiveTests {
    static func render(_ file: URL, options: ArchiveOptions = ArchiveOptions()) throws -> (URL, ArchiveSummary) {
        let transcript = try TranscriptReader().read(contentsOf: file.path).transcript
        let output = TestPaths.temporaryFolder()
        return (output, try ArchiveWriter(options: options).write(transcript, to: output))
    }

    static func files(_ root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
        for case let url as URL in enumerator where !url.hasDirectoryPath {
            files[String(url.path.dropFirst(root.path.count + 1))] = try Data(contentsOf: url)
        }
        return files
    }

    @Test func writesIndexChannelPagesAssetsAndColors() throws {
        let (root, summary) = try Self.render(TestPaths.fixture("tiny.json"))
        var expected = ArchiveSummary(channels: 1, messages: 9, pages: 3, indexPath: root.appendingPathComponent("index.html").path)
        expected.timings = summary.timings
        expected.pagesRewritten = 3
        expected.pagesRendered = 1
        #expect(summary == expected)
        let shards = try Self.files(root).keys.filter { $0.hasPrefix("search/t/") }
        #expect(shards.count == 1)
        #expect(
            try Self.files(root).keys.sorted() == [
                ".parley-manifest", "c/c1/2024-03.html", "c/c1/index.html", "colors.css", "favicon.ico", "index.html", "public/parley.css",
                "public/parley.js", "public/redirect.js", "public/search.js", "public/theme-bubbles.css", "public/theme-chatgpt.css",
                "public/theme-discord.css", "public/theme-parley.css", "public/theme-slack.css", "search/index.js", "search/s/0.js",
            ] + shards)
        #expect(
            try String(contentsOf: root.appendingPathComponent(".parley-manifest"), encoding: .utf8)
                == "parley-manifest 1\nc/c1/2024-03.html\nc/c1/index.html\ncolors.css\nfavicon.ico\nindex.html\npublic/parley.css\npublic/parley.js\npublic/redirect.js\npublic/search.js\npublic/theme-bubbles.css\npublic/theme-chatgpt.css\npublic/theme-discord.css\npublic/theme-parley.css\npublic/theme-slack.css\nsearch/index.js\nsearch/s/0.js\n\(shards[0])\n"
        )
        let colors = try String(contentsOf: root.appendingPathComponent("colors.css"), encoding: .utf8)
        #expect(
            colors
                == ".color-c0ffee{color:#c0ffee}\n.avatar.color-c0ffee{background:#c0ffee;color:#fff}\n.embed-color-c0ffee{border-left-color:#c0ffee}\n"
        )
    }

    /// `favicon.ico` at the root is the bundled icon, byte for byte: an ICO file (reserved 0, type 1)
    /// of three 32-bit images, 16, 32 and 48 pixels square, each a PNG of that size; every page
    /// links it relative to the root, so it is found from `file://` in any folder.
    @Test func writesTheIconAtTheRootAndEveryPageLinksIt() throws {
        let (root, _) = try Self.render(TestPaths.fixture("tiny.json"))
        let icon = [UInt8](try Data(contentsOf: root.appendingPathComponent("favicon.ico")))
        #expect(icon == [UInt8](try Data(contentsOf: TestPaths.packageRoot.appendingPathComponent("Sources/ParleyAssets/favicon.ico"))))
        #expect(icon.count == 1344)
        #expect(Array(icon.prefix(6)) == [0, 0, 1, 0, 3, 0])
        let littleEndian = { (at: Int) in (0..<4).reduce(0) { $0 | Int(icon[at + $1]) << (8 * $1) } }
        let bigEndian = { (at: Int) in (0..<4).reduce(0) { $0 << 8 | Int(icon[at + $1]) } }
        var end = 6 + 3 * 16
        for (index, size) in [16, 32, 48].enumerated() {
            let entry = 6 + 16 * index
            #expect(Array(icon[entry..<entry + 8]) == [UInt8(size), UInt8(size), 0, 0, 1, 0, 32, 0], "entry \(index)")
            let length = littleEndian(entry + 8), offset = littleEndian(entry + 12)
            #expect(offset == end, "the images follow each other")
            #expect(
                Array(icon[offset..<offset + 16]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8))
            #expect(bigEndian(offset + 16) == size && bigEndian(offset + 20) == size, "a \(size) × \(size) PNG")
            end = offset + length
        }
        #expect(end == icon.count)
        for (page, up) in [("index.html", ""), ("c/c1/index.html", "../../"), ("c/c1/2024-03.html", "../../")] {
            let html = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
            #expect(html.components(separatedBy: "<link rel=\"icon\"").count == 2, "\(page) links one icon")
            #expect(
                html.contains("<link rel=\"stylesheet\" href=\"\(up)colors.css\"><link rel=\"icon\" href=\"\(up)favicon.ico\">"), "\(page)")
        }
    }

    @Test func outputIsDeterministic() throws {
        let (first, _) = try Self.render(TestPaths.fixture("tiny.json"))
        let (second, _) = try Self.render(TestPaths.fixture("tiny.json"))
        #expect(try Self.files(first) == Self.files(second))
    }

    /// Names, content, file names and URLs full of markup stay inert text.
    @Test func injectionStaysInert() throws {
        let (root, _) = try Self.render(TestPaths.fixture("tiny.json"))
        for (name, data) in try Self.files(root) where name.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            #expect(
                html.components(separatedBy: "<script").count == 2 && html.contains(#"public/search.js" defer="defer"></script></head>"#),
                "\(name) has a script element besides the search box's")
            #expect(!html.contains("javascript:alert(1)\""), "\(name) has a javascript: attribute")
            #expect(!html.contains("href=\"javascript"), "\(name) links to javascript:")
            #expect(!html.contains("<img src=x"), "\(name) has an injected image")
            #expect(!html.contains(" style="), "\(name) has an inline style")
            #expect(!html.contains("onerror=alert(1)>"), "\(name) has an injected handler")
        }
        let page = try String(contentsOf: root.appendingPathComponent("c/c1/2024-03.html"), encoding: .utf8)
        #expect(page.contains("<bdi class=\"msg-author \">x&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;&lt;/div&gt;</bdi>"))
        #expect(page.contains("<title>tiny &amp; &lt;small&gt; · 30–31 Mar 2024 · Fixture &lt;Guild&gt;</title>"))
    }

    @Test func monthsSplitIntoStableParts() throws {
        let (root, summary) = try Self.render(TestPaths.fixture("tiny.json"), options: ArchiveOptions(messagesPerPage: 4))
        #expect(summary.pages == 5)
        let names = try Self.files(root).keys.filter { $0.hasPrefix("c/c1/2024") }.sorted()
        #expect(names == ["c/c1/2024-03-p2.html", "c/c1/2024-03-p3.html", "c/c1/2024-03.html"])
        let second = try String(contentsOf: root.appendingPathComponent("c/c1/2024-03-p2.html"), encoding: .utf8)
        #expect(second.contains(#"<a href="2024-03.html" rel="prev">← 30–31 Mar 2024</a>"#))
        #expect(second.contains(#"<a href="2024-03-p3.html" rel="next">31 Mar 2024 →</a>"#))
        #expect(second.contains(#"<section class="day" id="d-2024-03-31""#))
        #expect(second.contains(#"<a class="reply-ref" href="2024-03.html#m-101">"#))
    }

    @Test(
        .enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent"),
        arguments: [
            "dcef-general.json", "dcef-chill-talk.json", "dcef-chill-talk-without-deleted-message.json", "dcef-thread.json",
            "chat-analytics-SV_5A_5M.json",
        ])
    func everyCorpusFileRenders(file: String) throws {
        let (root, summary) = try Self.render(TestPaths.discord(file))
        let pages = try Self.files(root).filter { $0.key.hasSuffix(".html") }
        #expect(pages.count == summary.pages)
        let articles = pages.values.map { String(decoding: $0, as: UTF8.self).components(separatedBy: "<article ").count - 1 }
        #expect(articles.reduce(0, +) == summary.messages)
    }

    @Test(.enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent"))
    func missingReplyTargetIsShownAsUnavailable() throws {
        let (root, _) = try Self.render(TestPaths.discord("dcef-chill-talk-without-deleted-message.json"))
        let page = try String(contentsOf: root.appendingPathComponent("c/1012224565567875236/2023-01.html"), encoding: .utf8)
        #expect(page.contains(#"<span class="reply-ref reply-missing">Original message unavailable</span>"#))
    }
}
