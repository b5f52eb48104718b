import Foundation
import ParleyServerTestSupport
import ParleyTestSupport
import ParleyWaitSupport
import Testing

/// `parley serve` reads its inputs on `parley render`'s path: the same input flags put the same
/// messages on the live page as on the archive's page, and give the same warnings, summary line,
/// errors and exit codes. The filters apply to the inputs, not to events followed later.
@Suite(.stretchedTimeLimit(minutes: 1))
struct ServeInputTests {
    /// What a `parley serve` run printed, and the page it served.
    struct Served {
        var port: Int
        var page: String
        var output: String
        var errors: String
    }

    static let skipped = "Skipped 1 record that could not be read (see the warnings; --strict makes this an error).\n"

    /// Runs `parley serve ARGUMENTS --port 0`, fetches `path`, then stops it with SIGTERM.
    static func serve(_ arguments: [String], fetching path: String) throws -> Served {
        let (process, firstLine, output, errors) = try ServeCommandTests.launch(arguments + ["--port", "0"])
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let port = try Self.port(firstLine)
        let page = try HTTPTestResponse.get(path, port: port).text
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let rest = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let printed = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return Served(port: port, page: page, output: firstLine + rest, errors: printed)
    }

    /// The port named by the first line `parley serve` prints.
    static func port(_ firstLine: String) throws -> Int {
        let match = try #require(firstLine.firstMatch(of: /at http:\/\/127\.0\.0\.1:(\d+)\//))
        return try #require(Int(match.1))
    }

    /// Runs `parley render ARGUMENTS --media none -o FOLDER` into a fresh folder; returns the page
    /// at `page` (relative to the archive) and what render printed. The live view resolves no
    /// media, so the archive it is compared with resolves none either (with `copy` or `link`, a
    /// file the input's folder lacks would be a placeholder card in the archive only).
    static func render(_ arguments: [String], page: String) throws -> (page: String, outcome: ParleyProcess.Outcome) {
        let archive = TestPaths.temporaryFolder().appendingPathComponent("archive")
        defer { try? FileManager.default.removeItem(at: archive.deletingLastPathComponent()) }
        let outcome = try ParleyProcess.run(["render"] + arguments + ["--media", "none", "-o", archive.path])
        #expect(outcome.code == 0, "\(outcome.errors)")
        return (try String(contentsOf: archive.appendingPathComponent(page), encoding: .utf8), outcome)
    }

    /// What stands inside `<main>`: the day sections and messages.
    static func transcript(_ html: String) throws -> String { try #require(HTMLScan.main(html)).content }

    /// The names shown on the messages of `html`, in order.
    static func authors(_ html: String) -> [String] {
        html.matches(of: /<bdi class="msg-author [^"]*">([^<]*)<\/bdi>/).map { String($0.1) }
    }

    /// The ids of the day sections of `html`, in order.
    static func days(_ html: String) -> [String] {
        html.matches(of: /<section class="day" id="([^"]+)"/).map { String($0.1) }
    }

    /// Whether process `pid` holds an inotify descriptor: `--follow` watches its file.
    static func watchesAFile(_ pid: Int32) -> Bool {
        let folder = "/proc/\(pid)/fd"
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return descriptors.contains {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(folder)/\($0)")) == "anon_inode:inotify"
        }
    }

    /// Writes `text` to `name` in a fresh folder and returns its path.
    static func write(_ text: String, to name: String) throws -> String {
        let file = TestPaths.temporaryFolder().appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    @Test func meNamesYouOnTheServedPageAsOnTheRenderedOne() throws {
        let backup = try Self.write(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <smses count="2">
              <sms address="+15551234567" date="1704103200000" type="1" body="Hi" contact_name="Alice" />
              <sms address="+15551234567" date="1704103260000" type="2" body="Hello Alice" contact_name="Alice" />
            </smses>
            """, to: "sms.xml")
        let rendered = try Self.render([backup, "--me", "Maya"], page: "c/sms.3A.2B15551234567/2024-01.html").page
        let served = try Self.serve([backup, "--me", "Maya"], fetching: "/c/sms%3A%2B15551234567").page
        #expect(Self.authors(served) == ["Alice", "Maya"])
        #expect(try Self.transcript(served) == Self.transcript(rendered))
        #expect(Self.authors(try Self.serve([backup], fetching: "/c/sms%3A%2B15551234567").page) == ["Alice", "Me"])
    }

    @Test func dateOrderDecidesTheDaysOfTheServedPageAsOfTheRenderedOne() throws {
        let chat = try Self.write("01/02/2024, 10:00 - Ana: Hello\n01/02/2024, 10:01 - Ben: Hi Ana\n", to: "chat.txt")
        let rendered = try Self.render([chat, "--date-order", "mdy"], page: "c/whatsapp.3Achat/2024-01.html").page
        let served = try Self.serve([chat, "--date-order", "mdy"], fetching: "/c/whatsapp%3Achat").page
        #expect(Self.days(served) == ["d-2024-01-02"])
        #expect(try Self.transcript(served) == Self.transcript(rendered))
        let decided = try Self.serve([chat], fetching: "/c/whatsapp%3Achat").page
        #expect(Self.days(decided) == ["d-2024-02-01"], "without the flag, a date that reads both ways is day/month/year")
    }

    @Test func afterKeepsExactlyTheMessagesTheRenderedPageKeeps() throws {
        let rich = TestPaths.fixture("telegram-rich.json").path
        let arguments = [rich, "--after", "2023-11-14T22:15:00Z"]
        let rendered = try Self.render(arguments, page: "c/1234567890/2023-11.html").page
        let served = try Self.serve(arguments, fetching: "/c/1234567890").page
        #expect(HTMLScan.articleIDs(served) == (4...17).map { "m-\($0)" })
        #expect(try Self.transcript(served) == Self.transcript(rendered))
        #expect(HTMLScan.articleIDs(try Self.serve([rich], fetching: "/c/1234567890").page).count == 17)
    }

    @Test func overlappingInputsGiveTheSameMergedLinesAfterTheFirstLine() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (older, newer) = try MergeReportTests.overlapping(in: folder)
        let served = try Self.serve(["-v", older, newer], fetching: "/c/c1")
        #expect(
            served.output
                == "Serving 1 channel at http://127.0.0.1:\(served.port)/ (Ctrl-C stops)\n"
                + "merged: channel general, message 1: first at \(older), later at \(newer); kept the first copy (older copy ignored)\n"
                + "merged: channel general, message 2: first at \(older), later at \(newer); kept the later copy (same edit time)\n"
                + "merged: channel general, message 3: first at \(older), later at \(newer); kept the later copy (later edit)\n"
                + "merged: channel general, message 4: first at \(older), later at \(newer); kept the first copy (identical)\n"
                + MergeReportTests.mergedLine + "Stopped.\n")
        #expect(HTMLScan.articleIDs(served.page) == (1...5).map { "m-\($0)" })
    }

    @Test func aSkippedRecordGivesTheSameWarningAndSummaryLine() throws {
        let file = TestPaths.fixture("missing-author.json").path
        let warning = "parley: warning: \(file): messages[1].author: record skipped: expected a required \"author\" field\n"
        let archive = TestPaths.temporaryFolder().appendingPathComponent("archive")
        defer { try? FileManager.default.removeItem(at: archive.deletingLastPathComponent()) }
        let rendered = try ParleyProcess.run(["render", file, "-o", archive.path])
        #expect(rendered.code == 0)
        #expect(rendered.output == "Rendered 1 message in 1 channel to 3 pages.\n\(Self.skipped)Open \(archive.path)/index.html\n")
        #expect(rendered.errors == warning)
        let served = try Self.serve([file], fetching: "/c/c")
        #expect(served.output == "Serving 1 channel at http://127.0.0.1:\(served.port)/ (Ctrl-C stops)\n\(Self.skipped)Stopped.\n")
        #expect(served.errors == warning)
        #expect(HTMLScan.articleIDs(served.page) == ["m-1"])
    }

    /// Input errors, each as (a fixture and flags, the exit code, the message after `parley: `,
    /// a fixture's path written as its name).
    static let inputErrors: [(arguments: [String], code: Int32, message: String)] = [
        (
            ["missing-author.json", "--strict"], 65,
            "missing-author.json: messages[1].author: record skipped: expected a required \"author\" field "
                + "(--strict: a record that cannot be read is an error)"
        ),
        (["tiny.json", "--format", "telegram"], 65, "tiny.json: at messages[0]: a \"date_unixtime\" or \"date\" field"),
        (
            ["whatsapp-ios-with-media.zip", "--max-entry-size", "100"], 65,
            "whatsapp-ios-with-media.zip: _chat.txt: expected at most 100 bytes uncompressed (--max-entry-size); the entry holds more"
        ),
        (["no-such-export.json"], 66, "no-such-export.json: cannot read: No such file or directory"),
        (
            ["tiny.json", "--format", "irc"], 64,
            "--format: unknown format 'irc'; expected one of: parley, discord, telegram, chatgpt, matrix, slack, sms, whatsapp"
        ),
        (["telegram-rich.json", "--channel", "nope"], 64, "--channel: no channel named 'nope'; expected one of: 'Parley Test Group'"),
        (["tiny.json", "--date-order", "dym"], 64, "--date-order: expected dmy, mdy or ymd, got 'dym'"),
        (["tiny.json", "--phone-region", "XX"], 64, "--phone-region: expected a two-letter country code such as US or DE, got 'XX'"),
        (["tiny.json", "--max-zip-ratio", "0"], 64, "--max-zip-ratio: expected a whole number above 0, got '0'"),
        (
            ["tiny.json", "--after", "yesterday"], 64,
            "--after: expected a date such as 2024-03-01 or a time such as 2024-03-01T12:00:00Z, got 'yesterday'"
        ),
    ]

    /// Input errors: the same message and exit code from `render` and `serve`.
    @Test(arguments: inputErrors)
    func inputErrorsAreRendersErrors(arguments: [String], code: Int32, message: String) throws {
        let input = TestPaths.fixture(arguments[0]).path
        let withPath = [input] + arguments.dropFirst()
        let expected = "parley: " + (message.hasPrefix("--") ? message : "\(TestPaths.fixtures.path)/\(message)") + "\n"
        let rendered = try ParleyProcess.run(["render"] + withPath + ["-o", TestPaths.temporaryFolder().path])
        #expect((rendered.code, rendered.errors) == (code, expected))
        let served = try ParleyProcess.run(["serve"] + withPath + ["--port", "0"])
        #expect((served.code, served.errors, served.output) == (code, expected, ""))
    }

    @Test func theFiltersLeaveFollowedEventsAlone() throws {
        let file = try Self.write(
            FollowTests.header + FollowTests.message("1", seconds: 10, text: "Early") + FollowTests.message("2", seconds: 30, text: "Kept"),
            to: "live.jsonl")
        let (process, firstLine, _, _) = try ServeCommandTests.launch([file, "--follow", "--after", "2024-03-08T09:15:25Z", "--port", "0"])
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let port = try Self.port(firstLine)
        #expect(HTMLScan.articleIDs(try HTTPTestResponse.get("/c/general", port: port).text) == ["m-2"])
        let stream = try EventStreamClient(port: port, path: "/c/general/events?since=0")
        #expect(try stream.next()?.lines == ["retry: 2000"])
        try eventually("parley serve to watch the followed file") { Self.watchesAFile(process.processIdentifier) }
        try FollowTests.append(FollowTests.message("3", seconds: 20, text: "Followed, before --after"), to: URL(fileURLWithPath: file))
        let batch = try DecodedBatch(json: try #require(try stream.nextEvent()?.data))
        #expect(FollowTests.insertedIDs(batch) == ["m-3"])
        #expect(HTMLScan.articleIDs(try HTTPTestResponse.get("/c/general", port: port).text) == ["m-3", "m-2"])
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func renderServeAndConvertListTheSameInputOptions() throws {
        let sections = try ["render", "serve", "convert"].map { command in
            let help = try ParleyProcess.run([command, "--help"]).output
            let start = try #require(help.range(of: "\nINPUT OPTIONS ("))
            let end = try #require(help.range(of: "\n\nEXIT STATUS"))
            return String(help[start.lowerBound..<end.lowerBound])
        }
        #expect(sections[1] == sections[0])
        #expect(sections[2] == sections[0])
        #expect(
            sections[0].matches(of: /\n      (--[a-z-]+)/).map { String($0.1) } == [
                "--format", "--me", "--date-order", "--phone-region", "--max-entry-size", "--max-zip-ratio", "--after", "--before",
                "--channel", "--strict",
            ])
        let serve = try ParleyProcess.run(["serve", "--help"]).output
        #expect(
            serve.contains(
                "the filters (--after, --before, --channel) apply to the inputs read\nat start, not to events posted or followed later"))
    }
}
