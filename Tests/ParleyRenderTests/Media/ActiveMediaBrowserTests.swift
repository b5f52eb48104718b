import Foundation
import ParleyRender
import Testing

/// Opening an attachment link of an archive runs no script, from `file://` and over HTTP, with
/// `--media copy` (links opened directly and clicked) and `--media link` (clicked); the same
/// harness opening the payloads themselves sees them run, so it can tell.
@Suite(.serialized, .enabled(if: BrowserHarness.isAvailable, "needs /usr/bin/chromium")) struct ActiveMediaBrowserTests {
    static let page = "site/c/c1/2023-11.html"

    @Test(arguments: [MediaMode.copy, .link])
    func openingAttachmentLinksRunsNoScript(mode: MediaMode) throws {
        let (root, _, _) = try ActiveMediaTests.render(mode)
        let modes: [AttachmentLinkHarness.Mode] = mode == .copy ? [.navigate, .click] : [.click]
        var reports: [String: AttachmentLinkHarness.Report] = [:]
        for harness in modes {
            reports["file \(harness)"] = try AttachmentLinkHarness.run(
                page: Self.page, mode: harness, root: root, base: root.absoluteString)
        }
        try AttachmentLinkHarness.serving(root) { base in
            for harness in modes {
                reports["http \(harness)"] = try AttachmentLinkHarness.run(page: Self.page, mode: harness, root: root, base: base)
            }
        }
        let passive = ["real.png": ".png", "notes.txt": ".txt"]
        let hrefs = ActiveMediaFixture.files.map { file in
            mode == .copy
                ? "../../media/\(file.digest)" + (passive[file.path] ?? ".bin")
                : "../../../active/"
                    + file.path.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "<", with: "%3C")
                    .replacingOccurrences(of: ">", with: "%3E")
        }
        let stayed = Array(repeating: "media · 14 Nov 2023 · Media", count: 7) + ["", ""]
        #expect(
            reports.keys.sorted()
                == (mode == .copy ? ["file click", "file navigate", "http click", "http navigate"] : ["file click", "http click"]))
        for (run, report) in reports {
            #expect(
                report
                    == AttachmentLinkHarness.Report(
                        hrefs: hrefs, titles: run.hasSuffix("click") ? stayed : Array(repeating: "", count: 9), storage: nil), "\(run)")
        }
    }

    @Test func theHarnessSeesAPayloadRun() throws {
        let (root, _, _) = try ActiveMediaTests.render(.link)
        let file = try AttachmentLinkHarness.run(page: Self.page, mode: .navigate, root: root, base: root.absoluteString)
        let http = try AttachmentLinkHarness.serving(root) { base in
            try AttachmentLinkHarness.run(page: Self.page, mode: .navigate, root: root, base: base)
        }
        let ran = ["pwned", "pwned", "pwned", "pwned", "", "", "pwned", "", ""]
        let writers = ["page.html", "image.svg", "doc.xhtml", "feed.xml", "weird"]
        #expect(file.titles == ran)
        #expect(http.titles == ran)
        #expect(file.storage.map(writers.contains) == true)
        #expect(http.storage.map(writers.contains) == true)
    }
}
