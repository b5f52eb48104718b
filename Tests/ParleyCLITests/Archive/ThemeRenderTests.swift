import Foundation
import ParleyTestSupport
import Testing

/// Black-box: every page links a theme stylesheet after `parley.css` — by default its channel's
/// app's (the archive's index: the theme most channels take, of equals the first channel's),
/// with `--theme NAME` one built-in theme, with `--theme FILE.css` the user's file copied to
/// `public/theme.css`; changing the theme rewrites the pages whose link changes, and only those.
@Suite struct ThemeRenderTests {
    static let chat = """
        13/02/2024, 10:00 - Ana: Morning! Are we still on for the picnic?
        13/02/2024, 10:01 - Bo: Yes, bringing the blanket
        13/02/2024, 10:05 - Ana: See you at noon

        """

    /// Pages of an archive of the WhatsApp chat (channel `whatsapp:Ana`) and `tiny.json`
    /// (DiscordChatExporter, channel `c1`), by path below the archive.
    static let pages = [
        "c/c1/2024-03.html", "c/c1/index.html", "c/whatsapp.3AAna/2024-02.html", "c/whatsapp.3AAna/index.html", "index.html",
    ]

    /// A folder holding the chat as WhatsApp names its export.
    static func chatFile() throws -> URL {
        let file = TestPaths.temporaryFolder().appendingPathComponent("WhatsApp Chat with Ana.txt")
        try Data(chat.utf8).write(to: file)
        return file
    }

    /// The theme stylesheets each page of `archive` links, by path.
    static func themeLinks(_ archive: URL, _ paths: [String] = pages) throws -> [String: String] {
        var links: [String: String] = [:]
        for path in paths {
            let html = try String(contentsOf: archive.appendingPathComponent(path), encoding: .utf8)
            let root = path.hasPrefix("c/") ? "../../" : ""
            let base = #"<link rel="stylesheet" href="\#(root)public/parley.css"><link rel="stylesheet" href=""#
            guard let start = html.range(of: base)?.upperBound, let end = html[start...].firstIndex(of: "\"") else {
                links[path] = "none"
                continue
            }
            #expect(html[end...].hasPrefix(#""><link rel="stylesheet" href="\#(root)colors.css">"#), "\(path)")
            links[path] = String(html[start..<end])
        }
        return links
    }

    @Test func eachChannelTakesItsAppsTheme() throws {
        let chat = try Self.chatFile()
        let archive = TestPaths.temporaryFolder().appendingPathComponent("archive")
        let outcome = try ParleyProcess.run(["render", chat.path, TestPaths.fixture("tiny.json").path, "-o", archive.path, "-q"])
        #expect(outcome.code == 0, "\(outcome.errors)")
        #expect(
            try Self.themeLinks(archive) == [
                "c/c1/2024-03.html": "../../public/theme-discord.css", "c/c1/index.html": "../../public/theme-discord.css",
                "c/whatsapp.3AAna/2024-02.html": "../../public/theme-bubbles.css",
                "c/whatsapp.3AAna/index.html": "../../public/theme-bubbles.css",
                // One channel each: the first channel's theme.
                "index.html": "public/theme-bubbles.css",
            ])
        let names = try FileManager.default.contentsOfDirectory(atPath: archive.appendingPathComponent("public").path).sorted()
        #expect(
            names == [
                "parley.css", "parley.js", "redirect.js", "search.js", "theme-bubbles.css", "theme-chatgpt.css", "theme-discord.css",
                "theme-parley.css", "theme-slack.css",
            ])
    }

    @Test func theIndexTakesTheThemeMostChannelsTake() throws {
        let chat = try Self.chatFile()
        let archive = TestPaths.temporaryFolder().appendingPathComponent("archive")
        let outcome = try ParleyProcess.run([
            "render", chat.path, TestPaths.fixture("slack-export.zip").path, TestPaths.fixture("chatgpt-branches.json").path,
            "-o", archive.path, "-q",
        ])
        #expect(outcome.code == 0, "\(outcome.errors)")
        #expect(
            try Self.themeLinks(archive, ["index.html", "c/C01GEN/2024-01.html", "c/conv-1/2023-11.html"]) == [
                "index.html": "public/theme-chatgpt.css", "c/C01GEN/2024-01.html": "../../public/theme-slack.css",
                "c/conv-1/2023-11.html": "../../public/theme-chatgpt.css",
            ])
    }

    @Test func changingTheThemeRewritesThePagesWhoseLinkChanges() throws {
        let chat = try Self.chatFile()
        let archive = TestPaths.temporaryFolder().appendingPathComponent("archive")
        let inputs = [chat.path, TestPaths.fixture("tiny.json").path]
        #expect(try ParleyProcess.run(["render"] + inputs + ["-o", archive.path, "-q"]).code == 0)
        let chatPage = archive.appendingPathComponent("c/whatsapp.3AAna/2024-02.html")
        let before = try Data(contentsOf: chatPage)

        // The chat's pages and the index link bubbles already: only the Discord channel's two pages
        // change. (Its month page names a local file, so it is rendered on every update; the
        // chat's is rendered only when its digest — which holds the theme — changes.)
        let bubbles = try ParleyProcess.run(["render"] + inputs + ["-o", archive.path, "--theme", "bubbles", "--stats"])
        #expect(bubbles.code == 0)
        #expect(bubbles.output.contains("12 kept from earlier renders; 2 pages rewritten, 3 unchanged."), "\(bubbles.output)")
        #expect(bubbles.errors.contains(" rewritten=2 unchanged=3 rendered=1 "), "\(bubbles.errors)")
        #expect(try Set(Self.themeLinks(archive).values) == ["../../public/theme-bubbles.css", "public/theme-bubbles.css"])
        #expect(try Data(contentsOf: chatPage) == before)

        let parley = try ParleyProcess.run(["render"] + inputs + ["-o", archive.path, "--theme", "parley", "--stats"])
        #expect(parley.errors.contains(" rewritten=5 unchanged=0 rendered=2 "), "\(parley.errors)")
        #expect(try Set(Self.themeLinks(archive).values) == ["../../public/theme-parley.css", "public/theme-parley.css"])

        #expect(try ParleyProcess.run(["render"] + inputs + ["-o", archive.path, "-q"]).code == 0)
        #expect(try Data(contentsOf: chatPage) == before)
    }

    @Test func aStylesheetOfTheUsersIsCopiedAndLinked() throws {
        let chat = try Self.chatFile()
        let folder = TestPaths.temporaryFolder()
        let stylesheet = folder.appendingPathComponent("mine.css")
        try Data(":root { --bg: #fdf6e3; }\n".utf8).write(to: stylesheet)
        let archive = folder.appendingPathComponent("archive")
        let inputs = [chat.path, TestPaths.fixture("tiny.json").path]
        let first = try ParleyProcess.run(["render"] + inputs + ["-o", archive.path, "-q", "--theme", stylesheet.path])
        #expect(first.code == 0, "\(first.errors)")
        let copy = archive.appendingPathComponent("public/theme.css")
        #expect(try String(contentsOf: copy, encoding: .utf8) == ":root { --bg: #fdf6e3; }\n")
        #expect(try Set(Self.themeLinks(archive).values) == ["../../public/theme.css", "public/theme.css"])
        #expect(try String(contentsOf: archive.appendingPathComponent(".parley-manifest"), encoding: .utf8).contains("public/theme.css"))

        // New bytes in the file: the copy changes, no page does (they link it by the same path).
        try Data(":root { --bg: #002b36; }\n".utf8).write(to: stylesheet)
        let changed = try ParleyProcess.run(["render"] + inputs + ["-o", archive.path, "--theme", stylesheet.path, "--stats"])
        #expect(changed.errors.contains(" rewritten=0 unchanged=5 rendered=1 "), "\(changed.errors)")
        #expect(try String(contentsOf: copy, encoding: .utf8) == ":root { --bg: #002b36; }\n")

        // Back to each app's theme: every page's link changes and the copy is gone.
        let back = try ParleyProcess.run(["render"] + inputs + ["-o", archive.path, "--stats"])
        #expect(back.errors.contains(" rewritten=5 unchanged=0 rendered=2 "), "\(back.errors)")
        #expect(!FileManager.default.fileExists(atPath: copy.path))
        #expect(try Self.themeLinks(archive)["c/c1/2024-03.html"] == "../../public/theme-discord.css")
    }

    @Test func convertKeepsEachChannelsApp() throws {
        let chat = try Self.chatFile()
        let folder = TestPaths.temporaryFolder()
        let converted = folder.appendingPathComponent("chat.jsonl")
        #expect(try ParleyProcess.run(["convert", chat.path, "-o", converted.path, "-q"]).code == 0)
        let header = try String(contentsOf: converted, encoding: .utf8).prefix { $0 != "\n" }
        #expect(header.contains(#"{"id":"whatsapp:Ana","kind":"direct","name":"Ana","platform":"whatsapp"}"#), "\(header)")
        let archive = folder.appendingPathComponent("archive")
        #expect(try ParleyProcess.run(["render", converted.path, "-o", archive.path, "-q"]).code == 0)
        #expect(
            try Self.themeLinks(archive, ["c/whatsapp.3AAna/2024-02.html"]) == [
                "c/whatsapp.3AAna/2024-02.html": "../../public/theme-bubbles.css"
            ])
    }

    @Test(arguments: [
        (
            ["--theme", "solarized"],
            "parley: --theme: expected one of parley, discord, slack, bubbles, chatgpt, or a .css file, got 'solarized'\n"
        ),
        (["--theme", "/nonexistent/mine.css"], "parley: --theme: no such file: /nonexistent/mine.css\n"),
        (["--theme", "/tmp/"], "parley: --theme: /tmp/ is a folder, not a .css file\n"),
    ])
    func aThemeThatCannotBeUsedIsAUsageError(arguments: [String], message: String) throws {
        let output = TestPaths.temporaryFolder().appendingPathComponent("archive")
        // serve is given an input that does not exist: the theme is checked first.
        for command in [["render", "--sample", "-o", output.path], ["serve", "/nonexistent/input.json", "--port", "0"]] {
            let outcome = try ParleyProcess.run(command + arguments)
            #expect(outcome.code == 64, "\(command)")
            #expect(outcome.errors == message, "\(command)")
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
