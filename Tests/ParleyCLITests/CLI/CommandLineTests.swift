import Foundation
import ParleyTestSupport
import Testing

/// Black-box tests of the `parley` binary: one per exit code, and the messages users see.
@Suite struct CommandLineTests {
    @Test func rendersTheSampleAndSaysWhereToLook() throws {
        let output = TestPaths.temporaryFolder().appendingPathComponent("archive")
        let outcome = try ParleyProcess.run(["render", "--sample", "-o", output.path])
        #expect(outcome.code == 0)
        #expect(outcome.output == "Rendered 67 messages in 1 channel to 3 pages.\nOpen \(output.path)/index.html\n")
        #expect(outcome.errors == "")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("c/900000000000000001/2024-03.html").path))
    }

    @Test func theSampleCopiesItsOwnMediaAndLoadsNothingFromElsewhere() throws {
        let output = TestPaths.temporaryFolder().appendingPathComponent("archive")
        let outcome = try ParleyProcess.run(["render", "--sample", "-o", output.path, "-q"])
        #expect(outcome.code == 0)
        #expect(outcome.errors == "")
        let media = output.appendingPathComponent("media")
        let copied = try FileManager.default.contentsOfDirectory(atPath: media.path).sorted()
        let samples = TestPaths.packageRoot.appendingPathComponent("Samples/media")
        let avatars = ["jonas", "leila", "maya", "priya", "release-bot", "tomas"].map { "avatar-\($0).png" }
        let shipped = try (avatars + ["emoji-partyblob.png", "emoji-shipit.png", "happy-dog.png", "picnic-sign-up.pdf", "riverside.png"])
            .map {
                try Data(contentsOf: samples.appendingPathComponent($0))
            }
        #expect(Set(try copied.map { try Data(contentsOf: media.appendingPathComponent($0)) }) == Set(shipped))
        #expect(copied.map { $0.split(separator: ".").last ?? "" }.sorted() == ["pdf"] + Array(repeating: "png", count: 10))
        let page = try String(contentsOf: output.appendingPathComponent("c/900000000000000001/2024-03.html"), encoding: .utf8)
        let sources = page.components(separatedBy: "<img ").dropFirst().map { $0.prefix { $0 != ">" } }
        #expect(sources.count == 78, "the photo, the sticker, nine custom emoji and the avatar of each of the 67 messages")
        #expect(sources.allSatisfy { $0.contains(#"src="../../media/"#) })
        let avatarElements = page.components(separatedBy: #"<span class="msg-avatar "#).dropFirst().map {
            $0.components(separatedBy: "</span>")[0]
        }
        #expect(avatarElements.count == 67)
        #expect(
            avatarElements.allSatisfy {
                $0.contains(#"<img src="../../media/"#) && $0.hasSuffix(#" alt="" loading="lazy" decoding="async">"#)
            })
        #expect(!page.contains("attachment-missing"))
        #expect(
            page.contains(#"href="../../media/"#)
                && page.contains(">picnic-sign-up.pdf</span> <span class=\"attachment-size\">1.0 KiB</span>"))
    }

    @Test func helpAndVersion() throws {
        let help = try ParleyProcess.run(["--help"])
        #expect(help.code == 0)
        #expect(help.output.contains("parley render --sample -o archive"))
        let renderHelp = try ParleyProcess.run(["render", "--help"])
        #expect(renderHelp.output.contains("--timezone NAME"))
        let version = try ParleyProcess.run(["--version"])
        #expect(version.output == "parley 0.1.0\n")
    }

    @Test(arguments: [
        (["frobnicate"], "parley: unknown command 'frobnicate'; see 'parley --help'\n"),
        (["render", "--bogus"], "parley: unknown option '--bogus'; see 'parley --help'\n"),
        (["render", "--sample"], "parley: render needs -o DIR; see 'parley render --help'\n"),
        (["render", "-o", "/tmp/x"], "parley: render needs an INPUT file or --sample; see 'parley render --help'\n"),
        (["render", "--sample", "-o"], "parley: option '-o' needs a value\n"),
        (
            ["render", "--sample", "-o", "/tmp/x", "--timezone", "Mars/Olympus"],
            "parley: --timezone: unknown time zone 'Mars/Olympus'; expected an IANA name such as Europe/Berlin\n"
        ),
        (
            ["render", "--sample", "-o", "/tmp/x", "--messages-per-page", "0"],
            "parley: --messages-per-page: expected a whole number above 0, got '0'\n"
        ),
    ])
    func usageErrorsExit64(arguments: [String], message: String) throws {
        let outcome = try ParleyProcess.run(arguments)
        #expect(outcome.code == 64)
        #expect(outcome.errors == message)
    }

    @Test func badDataExits65NamingLineAndByte() throws {
        let file = TestPaths.fixture("broken.json").path
        let outcome = try ParleyProcess.run(["render", file, "-o", TestPaths.temporaryFolder().path])
        #expect(outcome.code == 65)
        #expect(outcome.errors.hasPrefix("parley: \(file): line 3, byte 112: a JSON value, found a parse error: "))
    }

    @Test func unknownFormatExits65ListingWhatWasTried() throws {
        let file = TestPaths.fixture("not-a-chat.txt").path
        let outcome = try ParleyProcess.run(["render", file, "-o", TestPaths.temporaryFolder().path])
        #expect(outcome.code == 65)
        #expect(
            outcome.errors
                == "parley: \(file): unknown input format; tried:\n"
                + "  - Parley JSON Lines: first line is not a Parley header record ({\"type\":\"header\",\"format\":\"parley\",…})\n"
                + "  - DiscordChatExporter JSON: not a JSON object\n  - Telegram Desktop JSON: not a JSON object\n"
                + "  - ChatGPT conversations.json: not a JSON object or array\n  - Matrix (Element) JSON: not a JSON object\n"
                + "  - Slack workspace export: not a zip archive (a Slack export is a folder or a zip)\n  - SMS Backup & Restore XML: not XML\n"
                + "  - WhatsApp chat export: the first line is not a WhatsApp message header such as \"18/03/2022, 14:56 - Name: text\"\n")
    }

    @Test func missingInputExits66() throws {
        let outcome = try ParleyProcess.run(["render", "/nonexistent/export.json", "-o", TestPaths.temporaryFolder().path])
        #expect(outcome.code == 66)
        #expect(outcome.errors == "parley: /nonexistent/export.json: cannot read: No such file or directory\n")
    }

    /// A first render whose inputs cannot be read takes away the folders it made: the archive
    /// folder when it made it, its store folder always; a folder that was there stays.
    @Test(arguments: [false, true]) func aFirstRenderThatCannotReadItsInputsLeavesNoFolderOfItsOwn(folderExists: Bool) throws {
        let parent = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let output = parent.appendingPathComponent("archive")
        if folderExists { try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true) }
        let broken = parent.appendingPathComponent("broken.json")
        try Data(#"{"guild":{"id":"1"},"chan"#.utf8).write(to: broken)
        for (input, code) in [("/nonexistent/export.json", 66), (broken.path, 65)] {
            let outcome = try ParleyProcess.run(["render", TestPaths.fixture("tiny.json").path, input, "-o", output.path])
            #expect(outcome.code == Int32(code), "\(outcome.errors)")
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted()
                    == (folderExists ? ["archive", "broken.json"] : ["broken.json"]))
            if folderExists { #expect(try FileManager.default.contentsOfDirectory(atPath: output.path) == []) }
        }
    }

    @Test func outputUnderAFileExits73() throws {
        let blocker = TestPaths.temporaryFolder().appendingPathComponent("file")
        try Data("x".utf8).write(to: blocker)
        let outcome = try ParleyProcess.run(["render", "--sample", "-o", blocker.appendingPathComponent("archive").path])
        #expect(outcome.code == 73)
        #expect(outcome.errors.contains("cannot create the folder"))
    }

    @Test func aFolderHoldingSomethingElseIsNotReplacedAndExits73() throws {
        let output = TestPaths.temporaryFolder()
        try FileManager.default.createDirectory(at: output.appendingPathComponent("index.html"), withIntermediateDirectories: true)
        let outcome = try ParleyProcess.run(["render", "--sample", "-o", output.path])
        #expect(outcome.code == 73)
        #expect(
            outcome.errors
                == "parley: \(output.path): cannot create the folder: it is not empty and holds no Parley archive (index.html, public/parley.css); choose a new or empty folder\n"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path) == ["index.html"])
    }

    @Test func duplicateIdsAreReportedAsWarnings() throws {
        let outcome = try ParleyProcess.run(["render", TestPaths.fixture("tiny.json").path, "-q", "-o", TestPaths.temporaryFolder().path])
        #expect(outcome.code == 0)
        #expect(outcome.output.isEmpty)
        #expect(
            outcome.errors
                == "parley: warning: \(TestPaths.fixture("tiny.json").path): messages[9]: duplicate message id 108 (first seen at messages[7]); merged, later copy kept\n"
        )
    }
}
