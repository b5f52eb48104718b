import Foundation
import ParleyTestSupport
import ParleyWaitSupport
import Testing

/// Opens every attachment link of an archive page in headless Chromium and reports what ran.
///
/// `links.html` (written beside the archive) loads the page in a frame, reads the links of its
/// attachments, then opens each in a frame of its own: `navigate` loads the link's URL directly
/// (what a click does when `download` is ignored), `click` loads the page again and clicks the
/// link (what a reader does). Three seconds later it reports each frame's title, the page's own
/// hrefs and `localStorage.pwned`, which every payload writes, as base64 JSON in `data-report`.
/// Served from `file://` (frames same-origin through `--allow-file-access-from-files`, so their
/// documents can be read) or over HTTP from a Python server on 127.0.0.1. Downloads land in the
/// run's own temporary profile folder.
enum AttachmentLinkHarness {
    enum Mode: String { case navigate, click }

    struct Report: Decodable, Equatable {
        /// The attachment links as the page writes them.
        var hrefs: [String]
        /// The title of each opened frame's document (`opaque` when it cannot be read).
        var titles: [String]
        /// `localStorage.pwned` on the harness's origin: nil unless a payload ran.
        var storage: String?
    }

    static let script = """
        const page = document.createElement('iframe');
        page.src = PAGE;
        page.addEventListener('load', () => {
          const selector = '[data-slot="attachments"] a';
          const links = [...page.contentDocument.querySelectorAll(selector)];
          const frames = links.map((link, index) => {
            const frame = document.createElement('iframe');
            if (MODE === 'navigate') {
              frame.src = link.href;
            } else {
              frame.addEventListener('load', () => {
                if (frame.dataset.clicked) return;
                frame.dataset.clicked = 'yes';
                frame.contentDocument.querySelectorAll(selector)[index].click();
              });
              frame.src = PAGE;
            }
            document.body.appendChild(frame);
            return frame;
          });
          setTimeout(() => {
            const titles = frames.map((frame) => {
              try { return frame.contentDocument ? frame.contentDocument.title : 'no document'; } catch (e) { return 'opaque'; }
            });
            const report = { hrefs: links.map((link) => link.getAttribute('href')), titles, storage: localStorage.getItem('pwned') };
            document.documentElement.setAttribute('data-report', btoa(unescape(encodeURIComponent(JSON.stringify(report)))));
          }, 3000);
        }, { once: true });
        document.body.appendChild(page);
        """

    /// Writes the harness into `root` for `page` (relative to `root`) and opens it at `base`
    /// (`root`'s `file://` URL or its HTTP address) with a fresh profile.
    static func run(page: String, mode: Mode, root: URL, base: String) throws -> Report {
        let name = "links-\(mode.rawValue)"
        try ("const PAGE = \(String(reflecting: page));\nconst MODE = '\(mode.rawValue)';\n" + script).write(
            to: root.appendingPathComponent(name + ".js"), atomically: true, encoding: .utf8)
        try
            #"<!DOCTYPE html><html><head><meta charset="utf-8"><title>harness</title></head><body><script src="\#(name).js"></script></body></html>"#
            .write(to: root.appendingPathComponent(name + ".html"), atomically: true, encoding: .utf8)
        let profile = TestPaths.temporaryFolder()
        let json = try BrowserHarness.report(
            opening: base + name + ".html",
            flags: [
                "--allow-file-access-from-files", "--user-data-dir=\(profile.path)", "--disable-background-networking",
                "--virtual-time-budget=10000",
            ], home: profile)
        return try JSONDecoder().decode(Report.self, from: json)
    }

    /// Serves `root` over HTTP on 127.0.0.1 (a free port) while `body` runs, passing its address.
    static func serving<T>(_ root: URL, _ body: (String) throws -> T) throws -> T {
        let portFile = TestPaths.temporaryFolder().appendingPathComponent("port")
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        server.arguments = [
            "-c",
            "import functools, http.server, os, sys\n"
                + "handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])\n"
                + "server = http.server.ThreadingHTTPServer(('127.0.0.1', 0), handler)\n"
                + "open(sys.argv[2] + '.new', 'w').write(str(server.server_address[1]))\n"
                + "os.rename(sys.argv[2] + '.new', sys.argv[2])\nserver.serve_forever()\n",
            root.path, portFile.path,
        ]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            // SIGKILL: the test process ignores SIGTERM (the server tests), and children inherit that.
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        try eventually("the Python HTTP server to write its port", timeout: .seconds(10)) {
            FileManager.default.fileExists(atPath: portFile.path)
        }
        let port = try String(contentsOf: portFile, encoding: .utf8)
        return try body("http://127.0.0.1:\(port)/")
    }
}
