import Foundation

/// Opens archive pages in headless Chromium in one run and reports what each page's DOM holds:
/// the canary (`intact` unless a payload ran), the number of elements, and every element,
/// attribute or URL that Parley never writes.
///
/// Each page loads `canary.js`, which sets `data-canary="intact"` on its root and defines `pwn()`,
/// the function every payload tries to call. `harness.html` (no CSP) opens the pages in frames
/// (`--allow-file-access-from-files` makes them same-origin), waits for each to load, inspects
/// it, and writes the reports as base64 JSON into its root's `data-report`; `--dump-dom` prints it.
enum BrowserHarness {
    static let chromium = "/usr/bin/chromium"
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: chromium) }

    struct PageReport: Decodable {
        var page: String
        var canary: String?
        var elements: Int
        var violations: [String]
    }

    enum Failure: Error, CustomStringConvertible {
        case noReport(output: String)
        var description: String {
            switch self {
            case let .noReport(output): return "Chromium printed no report; its output began: \(output.prefix(300))"
            }
        }
    }

    static let canary = """
        document.documentElement.setAttribute('data-canary', 'intact');
        window.pwn = function () { document.documentElement.setAttribute('data-canary', 'pwned'); };
        """

    /// Writes `canary.js` beside every page and the harness at `root`, runs Chromium, returns the reports.
    static func inspect(pages: [String], root: URL) throws -> [PageReport] {
        for folder in Set(pages.map { root.appendingPathComponent($0).deletingLastPathComponent() }) {
            try canary.write(to: folder.appendingPathComponent("canary.js"), atomically: true, encoding: .utf8)
        }
        let list = String(decoding: try JSONEncoder().encode(pages), as: UTF8.self)
        try ("const PAGES = \(list);\n" + harnessScript).write(
            to: root.appendingPathComponent("harness.js"), atomically: true, encoding: .utf8)
        try
            #"<!DOCTYPE html><html><head><meta charset="utf-8"><title>harness</title></head><body><script src="harness.js"></script></body></html>"#
            .write(to: root.appendingPathComponent("harness.html"), atomically: true, encoding: .utf8)
        let json = try report(
            opening: root.appendingPathComponent("harness.html").absoluteString,
            flags: [
                "--allow-file-access-from-files", "--disable-background-networking", "--disable-features=MediaRouter",
                "--host-resolver-rules=MAP * ~NOTFOUND", "--virtual-time-budget=30000",
            ])
        return try JSONDecoder().decode([PageReport].self, from: json)
    }

    /// Opens `url` in headless Chromium with `flags` (HOME set to `home` when given, so downloads
    /// land there) and returns the base64-decoded `data-report` attribute of the page's root.
    static func report(opening url: String, flags: [String], home: URL? = nil) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments =
            ["120", chromium, "--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"] + flags + ["--dump-dom", url]
        if let home { process.environment = ProcessInfo.processInfo.environment.merging(["HOME": home.path]) { $1 } }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let dom = String(decoding: data, as: UTF8.self)
        guard let start = dom.range(of: "data-report=\""), let end = dom[start.upperBound...].firstIndex(of: "\""),
            let json = Data(base64Encoded: String(dom[start.upperBound..<end]))
        else { throw Failure.noReport(output: dom) }
        return json
    }

    /// The number of start tags in HTML that Parley wrote: every `<` followed by a letter, since
    /// Parley escapes `<` in all text and attribute values.
    static func startTags(_ html: String) -> Int {
        var count = 0
        var previousWasOpen = false
        for byte in html.utf8 {
            if previousWasOpen, (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) { count += 1 }
            previousWasOpen = byte == UInt8(ascii: "<")
        }
        return count
    }

    static let harnessScript = """
        const TAGS = new Set(['html', 'head', 'meta', 'title', 'link', 'script', 'body', 'header', 'nav', 'h1', 'h2', 'h3',
          'h4', 'h5', 'h6', 'p', 'main', 'section', 'article', 'div', 'span', 'bdi', 'a', 'time', 'br', 'img', 'video',
          'audio', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'strong', 'em', 'u', 's', 'del', 'b', 'i', 'sup', 'sub',
          'table', 'thead', 'tbody', 'tr', 'th', 'td', 'caption', 'hr', 'input', 'footer']);
        const URLS = ['href', 'src', 'action', 'formaction', 'poster', 'data', 'srcset', 'xlink:href', 'background', 'cite', 'ping'];
        const SCHEMES = ['http:', 'https:', 'mailto:', 'file:'];
        function inspect(page, frame) {
          const doc = frame.contentDocument;
          if (!doc) return { page, canary: null, elements: -1, violations: ['no document'] };
          const violations = [];
          const all = doc.getElementsByTagName('*');
          for (const element of all) {
            const tag = element.localName;
            if (!TAGS.has(tag)) violations.push('element <' + tag + '>');
            if (tag === 'script' && !/(^|\\/)canary\\.js$/.test(element.getAttribute('src') || '')) violations.push('script ' + element.outerHTML.slice(0, 80));
            if (tag === 'meta' && element.hasAttribute('http-equiv') && element.getAttribute('http-equiv').toLowerCase() !== 'content-security-policy') violations.push('meta http-equiv');
            if (tag === 'input' && (element.type !== 'checkbox' || !element.disabled)) violations.push('active input');
            for (const attribute of element.attributes) {
              const name = attribute.name.toLowerCase();
              if (name.startsWith('on')) violations.push('<' + tag + '> ' + name);
              if (name === 'style' || name === 'srcdoc' || name === 'formaction') violations.push('<' + tag + '> ' + name);
              if ((name === 'id' || name === 'class') && /pwned/i.test(attribute.value)) violations.push('<' + tag + '> ' + name + ' pwned');
              if (URLS.includes(name)) {
                let protocol = 'invalid:';
                try { protocol = new URL(attribute.value, doc.baseURI).protocol; } catch (e) {}
                if (!SCHEMES.includes(protocol)) violations.push('<' + tag + '> ' + name + '=' + attribute.value.slice(0, 60));
              }
            }
          }
          return { page, canary: doc.documentElement.getAttribute('data-canary'), elements: all.length, violations };
        }
        const reports = [];
        let pending = PAGES.length;
        function finish() {
          const json = JSON.stringify(reports);
          document.documentElement.setAttribute('data-report', btoa(unescape(encodeURIComponent(json))));
        }
        for (const page of PAGES) {
          const frame = document.createElement('iframe');
          frame.addEventListener('load', () => setTimeout(() => {
            reports.push(inspect(page, frame));
            frame.remove();
            if (--pending === 0) finish();
          }, 100));
          frame.src = page;
          document.body.appendChild(frame);
        }
        """
}
