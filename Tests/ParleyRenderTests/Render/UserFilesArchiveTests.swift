import Foundation
import ParleyModel
import ParleyRender
import ParleyTestSupport
import Testing

/// Rendering over an archive keeps every file Parley did not write: a git repository, a `CNAME`,
/// notes; old archives without a manifest are read by Parley's layout; a user file with a name
/// the new archive uses is refused; one render of a folder runs at a time; leftovers of killed
/// renders are put back and removed.
@Suite struct UserFilesArchiveTests {
    /// Every entry below `folder` (symbolic links not followed): type, permissions, mtime, and the
    /// bytes of a file or the target of a link.
    static func snapshot(_ folder: URL, under path: String = "") -> [String: String] {
        var result: [String: String] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(path).path)) ?? []
        for name in names {
            let relative = path.isEmpty ? name : path + "/" + name
            let full = folder.appendingPathComponent(relative).path
            var status = stat()
            guard lstat(full, &status) == 0 else { continue }
            let head = "\(String(status.st_mode, radix: 8)) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
            switch status.st_mode & S_IFMT {
            case S_IFDIR: result.merge(snapshot(folder, under: relative)) { $1 }
            case S_IFLNK: result[relative] = head + " -> " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "?")
            default: result[relative] = head + " " + ((try? Data(contentsOf: URL(fileURLWithPath: full)))?.base64EncodedString() ?? "?")
            }
        }
        return result
    }

    static func git(_ arguments: [String], in folder: URL) throws -> String {
        try ParleyProcess.run(
            URL(fileURLWithPath: "/usr/bin/git"),
            ["-C", folder.path, "-c", "user.name=Avery", "-c", "user.email=avery@example.org"] + arguments
        ).output
    }

    static func write(_ text: String, to path: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    static func render(_ fixture: String, to output: URL) throws -> ArchiveSummary {
        try ArchiveWriter(options: ArchiveOptions()).write(AtomicArchiveTests.transcript(fixture), to: output)
    }

    @Test func aGitRepositoryACNAMEAndNotesSurviveARenderByteForByte() throws {
        let parent = TestPaths.temporaryFolder()
        let output = parent.appendingPathComponent("archive"), outside = parent.appendingPathComponent("outside")
        _ = try Self.render("telegram-rich.json", to: output)
        _ = try Self.git(["init", "-q"], in: output)
        _ = try Self.git(["add", "-A"], in: output)
        _ = try Self.git(["commit", "-q", "-m", "First archive"], in: output)
        try Self.write("chat.example.org\n", to: "CNAME", in: output)
        try Self.write("kept by hand\n", to: "notes/2024/readme.txt", in: output)
        try Self.write("about this channel\n", to: "c/1234567890/notes.txt", in: output)
        try Self.write("outside\n", to: "file.txt", in: outside)
        chmod(output.appendingPathComponent("notes/2024/readme.txt").path, 0o600)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: output.appendingPathComponent("CNAME").path)
        try FileManager.default.createSymbolicLink(
            atPath: output.appendingPathComponent("elsewhere").path, withDestinationPath: outside.path)
        let user = Self.snapshot(output).filter {
            !$0.key.hasPrefix("public/") && !$0.key.hasPrefix("search/") && !$0.key.hasSuffix(".html")
                && !["colors.css", "favicon.ico", ".parley-manifest"].contains($0.key)
        }
        #expect(user.keys.filter { $0.hasPrefix(".git/") }.count > 10)
        #expect(user.count == user.keys.filter { $0.hasPrefix(".git/") }.count + 4)

        _ = try Self.render("matrix-element-export.json", to: output)

        let after = Self.snapshot(output)
        #expect(after.filter { user[$0.key] != nil } == user)
        #expect(!after.keys.contains("c/1234567890/2023-11.html"))
        #expect(after.keys.contains("c/~.21room.3Aexample.2Eorg/2024-03.html"))
        #expect(try Self.git(["log", "--format=%s"], in: output) == "First archive\n")
        #expect(try Self.git(["status", "--porcelain", "--", "CNAME", "notes"], in: output) == "?? CNAME\n?? notes/\n")
        #expect(Self.snapshot(outside).keys.sorted() == ["file.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == ["archive", "outside"])
        let manifest = try String(contentsOf: output.appendingPathComponent(".parley-manifest"), encoding: .utf8)
        #expect(manifest.hasPrefix("parley-manifest 1\nc/~.21room.3Aexample.2Eorg/2024-03.html\nc/~.21room.3Aexample.2Eorg/index.html\n"))
        #expect(
            manifest.contains(
                "\nindex.html\npublic/parley.css\npublic/parley.js\npublic/redirect.js\npublic/search.js\npublic/theme-bubbles.css\n"
                    + "public/theme-chatgpt.css\npublic/theme-discord.css\npublic/theme-parley.css\npublic/theme-slack.css\nsearch/index.js\n"
            ))
        #expect(!manifest.contains("CNAME") && !manifest.contains(".git") && !manifest.contains("notes"))
    }

    @Test func anArchiveWithoutAManifestKeepsWhatParleysLayoutCannotProduce() throws {
        let parent = TestPaths.temporaryFolder()
        let output = parent.appendingPathComponent("archive")
        _ = try Self.render("telegram-rich.json", to: output)
        try FileManager.default.removeItem(at: output.appendingPathComponent(".parley-manifest"))
        let user = [
            "CNAME", "c/1234567890/notes.txt", "c/1234567890/2023-11.html.orig", "c/1234567890/draft.html", "media/README",
            "media/0123.png", "public/fonts/inter.woff2", "c/index.html", "robots.txt", "search/notes.txt", "search/t/mine.js",
            "search/s/draft.js", "favicon.ico",
        ]
        for path in user { try Self.write("user's \(path)\n", to: path, in: output) }
        let layout = [
            "c/999/2024-01.html", "c/999/2024-01-p2.html", "media/" + String(repeating: "ab", count: 32) + ".png", "search/s/77.js",
            "search/t/0123456789abcdef.js", "search/p/fedcba9876543210.js",
        ]
        for path in layout { try Self.write("an old page\n", to: path, in: output) }

        _ = try Self.render("matrix-element-export.json", to: output)

        let after = Self.snapshot(output)
        for path in user { #expect(try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8) == "user's \(path)\n") }
        #expect(layout.filter { after[$0] != nil } == [])
        #expect(!after.keys.contains("c/1234567890/2023-11.html"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["archive"])
    }

    /// An archive of an earlier Parley had no icon: a `favicon.ico` the user put there (its manifest
    /// does not list it) is theirs. It stays, byte for byte and unlisted, through every later
    /// render, and the pages link it; Parley's icon is not written.
    @Test func aFaviconOfTheUsersIsKeptAndThePagesLinkIt() throws {
        let output = TestPaths.temporaryFolder().appendingPathComponent("archive")
        _ = try Self.render("matrix-element-export.json", to: output)
        let manifest = output.appendingPathComponent(".parley-manifest")
        let listed = try String(contentsOf: manifest, encoding: .utf8)
        #expect(listed.contains("\ncolors.css\nfavicon.ico\nindex.html\n"))
        try listed.replacingOccurrences(of: "\nfavicon.ico\n", with: "\n").write(to: manifest, atomically: true, encoding: .utf8)
        try Self.write("my own icon\n", to: "favicon.ico", in: output)
        let mine = try #require(Self.snapshot(output)["favicon.ico"])
        for _ in 0..<2 {
            _ = try Self.render("matrix-element-export.json", to: output)
            #expect(Self.snapshot(output)["favicon.ico"] == mine)
            #expect(try String(contentsOf: manifest, encoding: .utf8).contains("\ncolors.css\nindex.html\n"))
            let page = try String(contentsOf: output.appendingPathComponent("c/~.21room.3Aexample.2Eorg/2024-03.html"), encoding: .utf8)
            #expect(page.contains("<link rel=\"icon\" href=\"../../favicon.ico\">"))
        }
    }

    @Test func aUserFileWithTheNameOfANewPageIsRefusedAndNothingChanges() throws {
        let parent = TestPaths.temporaryFolder()
        let output = parent.appendingPathComponent("archive")
        _ = try Self.render("matrix-element-export.json", to: output)
        try Self.write("my own page\n", to: "c/1234567890/2023-11.html", in: output)
        try Self.write("chat.example.org\n", to: "CNAME", in: output)
        let before = Self.snapshot(output)
        let expected = RenderError.cannotCreate(
            path: output.appendingPathComponent("c/1234567890/2023-11.html").path,
            reason: "Parley did not write it (.parley-manifest does not list it) and the new archive has a file of that name; "
                + "move or rename it, then render again")
        #expect(throws: expected) { try Self.render("telegram-rich.json", to: output) }
        #expect(Self.snapshot(output) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["archive"])

        let command = try ParleyProcess.run(["render", TestPaths.fixture("telegram-rich.json").path, "-o", output.path, "-q"])
        #expect(command.code == 73)
        #expect(command.errors.split(separator: "\n").last.map(String.init) == "parley: \(expected.description)")
        // The command's store runs ahead of the pages (it records the export before the pages are
        // written; the next render completes them): every other file is as it was.
        let after = Self.snapshot(output)
        #expect(after.filter { !$0.key.hasPrefix(".parley/") } == before)
        #expect(after.keys.contains(".parley/archive.sqlite"))
    }

    @Test func aSecondRenderOfTheSameFolderRefusesWhileTheFirstHoldsTheLock() throws {
        let parent = TestPaths.temporaryFolder()
        let output = parent.appendingPathComponent("archive")
        _ = try Self.render("matrix-element-export.json", to: output)
        let before = Self.snapshot(output)
        let lockPath = parent.appendingPathComponent(".archive.parley-lock").path
        let descriptor = open(lockPath, O_RDWR | O_CREAT, 0o644)
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let expected = RenderError.cannotCreate(
            path: output.path, reason: "another parley render is writing it (it holds \(lockPath)); run one render of a folder at a time")
        #expect(throws: expected) { try Self.render("telegram-rich.json", to: output) }
        let command = try ParleyProcess.run(["render", TestPaths.fixture("telegram-rich.json").path, "-o", output.path, "-q"])
        #expect(command.code == 73)
        #expect(command.errors.split(separator: "\n").last.map(String.init) == "parley: \(expected.description)")
        #expect(Self.snapshot(output) == before)
        close(descriptor)

        _ = try Self.render("telegram-rich.json", to: output)
        #expect(Self.snapshot(output).keys.contains("c/1234567890/2023-11.html"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["archive"])
    }

    @Test func leftoversOfKilledRendersArePutBackAndRemoved() throws {
        let parent = TestPaths.temporaryFolder()
        let output = parent.appendingPathComponent("archive")
        // Killed after carrying the user's files into its staging folder, before the swap.
        _ = try Self.render("matrix-element-export.json", to: output)
        let carried = parent.appendingPathComponent(".archive.parley-6F1C2A10-0000-4000-8000-000000000001")
        _ = try Self.render("telegram-rich.json", to: carried)
        try Self.write("chat.example.org\n", to: "CNAME", in: carried)
        try Self.write("ref: refs/heads/main\n", to: ".git/HEAD", in: carried)
        try Self.write("about this channel\n", to: "c/1234567890/notes.txt", in: carried)
        // Killed while writing pages: no manifest, only Parley's files.
        let partial = parent.appendingPathComponent(".archive.parley-6F1C2A10-0000-4000-8000-000000000002")
        _ = try Self.render("telegram-rich.json", to: partial)
        try FileManager.default.removeItem(at: partial.appendingPathComponent(".parley-manifest"))
        // …in the middle of an atomic write: Foundation's temporary file is Parley's too.
        try Self.write("<!DOCTYPE html>half a page", to: ".dat.nosyncE07.CvSRDC", in: partial)
        try Self.write("<!DOCTYPE html>half a page", to: "c/1234567890/.dat.nosync1A2.B3C", in: partial)
        // Killed after a swap, before removing the previous archive.
        let previous = parent.appendingPathComponent(".archive.parley-previous-6F1C2A10-0000-4000-8000-000000000003")
        _ = try Self.render("telegram-rich.json", to: previous)
        let unrelated = parent.appendingPathComponent(".archive.parley-notes.txt")
        try Data("not a folder\n".utf8).write(to: unrelated)

        _ = try Self.render("matrix-element-export.json", to: output)

        #expect(try String(contentsOf: output.appendingPathComponent("CNAME"), encoding: .utf8) == "chat.example.org\n")
        #expect(try String(contentsOf: output.appendingPathComponent(".git/HEAD"), encoding: .utf8) == "ref: refs/heads/main\n")
        #expect(
            try String(contentsOf: output.appendingPathComponent("c/1234567890/notes.txt"), encoding: .utf8) == "about this channel\n")
        #expect(!Self.snapshot(output).keys.contains("c/1234567890/2023-11.html"))
        #expect(!Self.snapshot(output).keys.contains { $0.contains(".dat.nosync") }, "no debris of a killed write")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted() == [".archive.parley-notes.txt", "archive"])
    }

    @Test func aKilledSwapIsRolledBackWithTheUsersFiles() throws {
        let parent = TestPaths.temporaryFolder()
        let output = parent.appendingPathComponent("archive")
        // Killed between its two renames: the archive is aside, the new one (with the user's
        // files) not yet in place.
        let previous = parent.appendingPathComponent(".archive.parley-previous-6F1C2A10-0000-4000-8000-000000000004")
        _ = try Self.render("matrix-element-export.json", to: previous)
        let staging = parent.appendingPathComponent(".archive.parley-6F1C2A10-0000-4000-8000-000000000005")
        _ = try Self.render("telegram-rich.json", to: staging)
        try Self.write("chat.example.org\n", to: "CNAME", in: staging)

        _ = try Self.render("matrix-element-export.json", to: output)

        #expect(try String(contentsOf: output.appendingPathComponent("CNAME"), encoding: .utf8) == "chat.example.org\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["archive"])
    }

    @Test func aLeftoverFileThatCannotBePutBackIsKeptAndNamed() throws {
        let parent = TestPaths.temporaryFolder()
        let output = parent.appendingPathComponent("archive")
        _ = try Self.render("matrix-element-export.json", to: output)
        try Self.write("mine\n", to: "CNAME", in: output)
        let stale = parent.appendingPathComponent(".archive.parley-6F1C2A10-0000-4000-8000-000000000006")
        _ = try Self.render("telegram-rich.json", to: stale)
        try Self.write("carried\n", to: "CNAME", in: stale)
        let before = Self.snapshot(output)
        #expect(
            throws: RenderError.cannotCreate(
                path: stale.appendingPathComponent("CNAME").path,
                reason: "an interrupted render left this file, which Parley did not write, and "
                    + "\(output.appendingPathComponent("CNAME").path) exists; move one of them away, then render again")
        ) { try Self.render("telegram-rich.json", to: output) }
        #expect(try String(contentsOf: stale.appendingPathComponent("CNAME"), encoding: .utf8) == "carried\n")
        #expect(Self.snapshot(output) == before)
    }
}
