import Foundation
import ParleyTestSupport
import Testing

/// `parley render` of `Fixtures/chatgpt-markers.json`: ChatGPT's source markers show as links
/// (only `http`/`https` ones), entity markers as names, and no private-use marker character
/// reaches a page; a conversation without a usable `current_node` shows its newest leaf's branch
/// with the other branch on a page of its own.
@Suite struct ChatGPTRenderTests {
    @Test func markersBecomeLinksAndNamesAndNoMarkerReachesThePage() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let archive = folder.appendingPathComponent("archive")
        let render = try ParleyProcess.run(
            ["render", TestPaths.fixture("chatgpt-markers.json").path, "-o", archive.path, "--media", "none", "-q"])
        #expect(render.code == 0, "\(render.errors)")
        let pages = ArchiveUpdateTests.pages(archive)
        #expect(
            pages.keys.filter { $0.hasPrefix("c/") && $0.hasSuffix("/2025-01.html") }.sorted() == [
                "c/conv-lost.7Ex1/2025-01.html", "c/conv-lost/2025-01.html", "c/conv-regenerated.7Ea1b/2025-01.html",
                "c/conv-regenerated/2025-01.html", "c/conv-sources/2025-01.html",
            ])
        let page = String(decoding: try #require(pages["c/conv-sources/2025-01.html"]), as: UTF8.self)
        #expect(
            page.contains(
                #"<p>The Eiffel Tower stands in Paris. It is 330 metres tall (<a class="link" href="https://en.wikipedia.org/wiki/Eiffel_Tower?utm_source=chatgpt.com" rel="noopener noreferrer nofollow" title="https://en.wikipedia.org/wiki/Eiffel_Tower?utm_source=chatgpt.com">Wikipedia</a>, <a class="link" href="https://www.britannica.com/topic/Eiffel-Tower-Paris-France" rel="noopener noreferrer nofollow" title="https://www.britannica.com/topic/Eiffel-Tower-Paris-France">Eiffel Tower | History &amp; Facts</a>) and was finished in 1889. (<a class="link" href="https://www.toureiffel.paris/en" rel="noopener noreferrer nofollow" title="https://www.toureiffel.paris/en">Tour Eiffel</a>)</p><p>Its designer was Gustave Eiffel.</p>"#
            ))
        #expect(
            page.contains(
                #"It opened on 31 March 1889 (<a class="link" href="https://www.history.com/topics/landmarks/eiffel-tower" rel="noopener noreferrer nofollow" title="https://www.history.com/topics/landmarks/eiffel-tower">Eiffel Tower - History</a>) and was"#
            ))
        #expect(page.contains("See also【9†source】."))
        #expect(!page.contains("javascript:"))
        let marks = pages.filter { path, data in
            path.hasSuffix(".html")
                && String(decoding: data, as: UTF8.self).unicodeScalars.contains { (0xE200...0xE204).contains($0.value) }
        }
        #expect(marks.isEmpty)
        let regenerated = String(decoding: try #require(pages["c/conv-regenerated/2025-01.html"]), as: UTF8.self)
        #expect(regenerated.contains(#"id="m-a2""#) && !regenerated.contains(#"id="m-a1b""#))
        #expect(
            render.errors.contains(
                #"[1]: conversation conv-regenerated: no current_node; the shown branch ends at the newest of its 2 leaves, "a2""#))
    }
}
