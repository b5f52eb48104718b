import Foundation
import ParleyModel
import ParleyRender
import ParleyTestSupport
import Testing

/// Every injection payload, in every field, rendered into an archive and opened in headless
/// Chromium twice: with the page's Content-Security-Policy, and without it (so an escaping bug
/// cannot hide behind the CSP). No payload may run (the canary stays `intact`), add an element
/// (each page has exactly the elements Parley wrote), or leave a handler, a style or a script URL.
@Suite struct InjectionBrowserTests {
    @Test func theCorpusHoldsAtLeastAHundredDistinctPayloads() throws {
        let payloads = try InjectionCorpus.payloads()
        #expect(Set(payloads).count == payloads.count)
        #expect(payloads.count >= 100)
    }

    @Test(.enabled(if: BrowserHarness.isAvailable, "chromium is not installed"), arguments: [true, false])
    func noPayloadRunsOrAddsAnElement(withCSP: Bool) throws {
        let payloads = try InjectionCorpus.payloads()
        let root = TestPaths.temporaryFolder()
        let templates = root.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Self.pageTemplate(withCSP: withCSP).write(to: templates.appendingPathComponent("page.html"), atomically: true, encoding: .utf8)
        let output = root.appendingPathComponent("archive")
        var options = ArchiveOptions(templateOverrides: templates)
        options.media = MediaOptions(mode: .copy, inputFolders: [TestPaths.fixtures])
        let summary = try ArchiveWriter(options: options).write(InjectionCorpus.transcript(payloads), to: output)
        #expect(summary.channels == (payloads.count + 1) / 2)
        var pages = try FileManager.default.subpathsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".html") }.sorted()
        #expect(pages.count == summary.pages)
        let expected = try Dictionary(
            uniqueKeysWithValues: pages.map {
                ($0, BrowserHarness.startTags(try String(contentsOf: output.appendingPathComponent($0), encoding: .utf8)))
            })
        try Self.control.write(to: output.appendingPathComponent("control.html"), atomically: true, encoding: .utf8)
        pages.append("control.html")

        let reports = try BrowserHarness.inspect(pages: pages, root: output)
        #expect(reports.count == pages.count)
        for report in reports where report.page != "control.html" {
            #expect(report.canary == "intact", "\(report.page): a payload ran")
            #expect(report.elements == expected[report.page], "\(report.page): the browser built other elements than Parley wrote")
            #expect(report.violations.isEmpty, "\(report.page): \(report.violations)")
        }
        let control = try #require(reports.first { $0.page == "control.html" })
        #expect(control.canary == "pwned", "the harness must see a payload that runs")
        #expect(control.elements == 7, "the harness must see an added element")
        #expect(control.violations == ["<img> onerror"])
    }

    /// The default page template with `canary.js` first in `<head>`, and without the CSP meta tag when asked.
    static func pageTemplate(withCSP: Bool) throws -> String {
        let url = TestPaths.packageRoot.appendingPathComponent("Sources/ParleyAssets/Templates/page.html")
        var page = try String(contentsOf: url, encoding: .utf8)
        let csp = try #require(page.split(separator: "\n").first { $0.contains("http-equiv=\"Content-Security-Policy\"") })
        #expect(csp.contains("script-src 'self'") && csp.contains("style-src 'self'") && !csp.contains("unsafe-inline"))
        if !withCSP { page = page.replacingOccurrences(of: csp + "\n", with: "") }
        // The search box's script builds elements of its own (its handling of payloads is
        // Tests/Browser/test_search.py's); this test counts the elements Parley's pages hold.
        let search = "<script src=\"{{search}}\" defer></script>\n"
        #expect(page.contains(search))
        page = page.replacingOccurrences(of: search, with: "")
        page = page.replacingOccurrences(
            of: "<meta charset=\"utf-8\">\n", with: "<meta charset=\"utf-8\">\n<script src=\"canary.js\"></script>\n")
        #expect(page.contains("canary.js"))
        return page
    }

    /// A page (without a CSP) whose one payload runs: proves the harness sees a failure.
    static let control = """
        <!DOCTYPE html><html><head><script src="canary.js"></script><title>c</title></head><body><p>x<img src="x" onerror="pwn()" alt=""></p></body></html>
        """
}
