import Foundation
import ParleyTestSupport
import Testing

/// Exact HTML of whole archive pages that hold no messages — the archive's index and a channel's
/// calendar — compared with golden files in `Golden/`: the page frame (head, links to the
/// stylesheets and the icon relative to the root, search box, header, footer) byte for byte.
@Suite struct PageGoldenTests {
    @Test(arguments: [("index.html", "page-archive-index.html"), ("c/c1/index.html", "page-channel-index.html")])
    func page(path: String, golden: String) throws {
        let (root, _) = try ArchiveTests.render(TestPaths.fixture("tiny.json"))
        defer { try? FileManager.default.removeItem(at: root) }
        Golden.check(try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8), name: golden)
    }
}
