import Foundation
import ParleyTestSupport
import Testing

/// `parley convert` as a user runs it, and the round trip: rendering the converted file gives
/// byte-identical pages to rendering the original.
@Suite struct ConvertCommandTests {
    /// Every file of a folder, by relative path.
    static func contents(of folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder.path)?.allObjects ?? [] {
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: url)
            }
        }
        return files
    }

    /// Inputs in the test fixtures, by name.
    static let fixtureInputs = ["telegram-rich.json", "chatgpt-branches.json", "chatgpt-markers.json", "matrix-element-export.json"]

    /// Inputs in `../shared/corpus`, by path below it.
    static let corpusInputs = [
        "telegram/chat-analytics-DM_2A_7M.json", "telegram/chat-analytics-MultiChat_2C_6M.json", "telegram/chat-miner-batch-export.json",
        "telegram/chat-miner-single-export.json", "chatgpt/langchain-fake-conversations.json", "chatgpt/pulsar-conversation-cases.json",
        "chatgpt/pulsar-hardening-cases.json", "discord/dcef-general.json",
    ]

    @Test(arguments: fixtureInputs)
    func renderingAConvertedFixtureGivesTheSamePages(name: String) throws {
        try Self.checkRoundTrip(TestPaths.fixture(name).path)
    }

    @Test(.enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent"), arguments: corpusInputs)
    func renderingAConvertedCorpusFileGivesTheSamePages(path: String) throws {
        try Self.checkRoundTrip(TestPaths.corpus.appendingPathComponent(path).path)
    }

    /// Converts `input` to Parley JSON Lines and checks that rendering the converted file writes
    /// the same pages, byte for byte, as rendering `input`.
    static func checkRoundTrip(_ input: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = TestPaths.temporaryFolder()
        let jsonl = folder.appendingPathComponent("converted.jsonl").path
        let convert = try ParleyProcess.run(["convert", input, "-o", jsonl, "-q"])
        #expect(convert.code == 0, "\(convert.errors)", sourceLocation: sourceLocation)
        let original = try ParleyProcess.run(["render", input, "-o", folder.appendingPathComponent("a").path, "--media", "none", "-q"])
        let copy = try ParleyProcess.run(["render", jsonl, "-o", folder.appendingPathComponent("b").path, "--media", "none", "-q"])
        #expect(original.code == 0, sourceLocation: sourceLocation)
        #expect(copy.code == 0, sourceLocation: sourceLocation)
        // The stores differ: a store keeps the source digest of each input record it read (not of
        // a Parley JSON Lines one); the messages in them are checked by the pages.
        let pages = try contents(of: folder.appendingPathComponent("a")).filter { !$0.key.hasPrefix(".parley/") }
        #expect(pages.count > 5, sourceLocation: sourceLocation)
        #expect(
            try contents(of: folder.appendingPathComponent("b")).filter { !$0.key.hasPrefix(".parley/") } == pages,
            sourceLocation: sourceLocation)
    }

    @Test func convertsToStandardOutputAndSaysWhatItWrote() throws {
        let rich = TestPaths.fixture("telegram-rich.json").path
        let stdout = try ParleyProcess.run(["convert", rich, "-o", "-"])
        #expect(stdout.code == 0)
        let lines = stdout.output.split(separator: "\n")
        #expect(lines.count == 18)
        #expect(lines[0].hasPrefix(#"{"channels":[{"id":"1234567890","kind":"group","name":"Parley Test Group","platform":"telegram"}]"#))
        #expect(lines[0].contains(#""grouping":{"maximumGapMilliseconds":900000}"#))
        let file = TestPaths.temporaryFolder().appendingPathComponent("out.jsonl").path
        let outcome = try ParleyProcess.run(["convert", rich, TestPaths.fixture("matrix-element-export.json").path, "-o", file])
        #expect(outcome.output == "Converted 39 messages in 2 channels to \(file).\n")
        #expect(outcome.errors.split(separator: "\n").count == 4)
    }

    @Test func filtersAndFormatOverride() throws {
        let rich = TestPaths.fixture("telegram-rich.json").path, matrix = TestPaths.fixture("matrix-element-export.json").path
        let file = TestPaths.temporaryFolder().appendingPathComponent("out.jsonl").path
        let channel = try ParleyProcess.run(["convert", rich, matrix, "--channel", "parley room", "-o", file])
        #expect(channel.output == "Converted 22 messages in 1 channel to \(file).\n")
        let newYork = try ParleyProcess.run(["convert", rich, "--before", "2023-11-15", "--timezone", "America/New_York", "-o", file])
        #expect(newYork.output == "Converted 17 messages in 1 channel to \(file).\n")
        let utc = try ParleyProcess.run(["convert", rich, "--before", "2023-11-15", "-o", file])
        #expect(utc.output == "Converted 16 messages in 1 channel to \(file).\n")
        let range = try ParleyProcess.run([
            "convert", rich, "--after", "2023-11-14T22:15:00Z", "--before", "2023-11-14T23:16:00+01:00", "-o", file,
        ])
        #expect(range.output == "Converted 4 messages in 1 channel to \(file).\n")
        let tiny = TestPaths.fixture("tiny.json").path
        let forced = try ParleyProcess.run(["convert", tiny, "--format", "telegram", "-o", file])
        #expect(forced.code == 65)
        #expect(forced.errors == "parley: \(tiny): at messages[0]: a \"date_unixtime\" or \"date\" field\n")
    }

    @Test(arguments: [
        (["convert", "x.json"], "parley: convert needs -o OUT.jsonl (or -o - for standard output); see 'parley convert --help'\n"),
        (["convert", "-o", "x.jsonl"], "parley: convert needs an INPUT file; see 'parley convert --help'\n"),
        (
            ["convert", "x.json", "-o", "y", "--format", "icq"],
            "parley: --format: unknown format 'icq'; expected one of: parley, discord, telegram, chatgpt, matrix, slack, sms, whatsapp\n"
        ),
        (
            ["convert", "x.json", "-o", "y", "--after", "yesterday"],
            "parley: --after: expected a date such as 2024-03-01 or a time such as 2024-03-01T12:00:00Z, got 'yesterday'\n"
        ),
        (
            ["convert", "x.json", "-o", "y", "--after", "2024-03-02", "--before", "2024-03-01"],
            "parley: --after 2024-03-02T00:00:00.000Z is not before --before 2024-03-01T00:00:00.000Z\n"
        ),
    ])
    func usageErrorsExit64(arguments: [String], message: String) throws {
        let outcome = try ParleyProcess.run(arguments)
        #expect(outcome.code == 64)
        #expect(outcome.errors == message)
    }

    @Test func anUnknownChannelExits64AndAnUnwritableOutputExits73() throws {
        let rich = TestPaths.fixture("telegram-rich.json").path
        let unknown = try ParleyProcess.run(["convert", rich, "--channel", "random", "-o", "/tmp/never.jsonl"])
        #expect(unknown.code == 64)
        #expect(unknown.errors == "parley: --channel: no channel named 'random'; expected one of: 'Parley Test Group'\n")
        let folder = TestPaths.temporaryFolder()
        let unwritable = try ParleyProcess.run(["convert", rich, "-o", folder.path])
        #expect(unwritable.code == 73)
        #expect(unwritable.errors.hasSuffix("parley: \(folder.path): cannot write: Is a directory\n"))
        let missing = folder.appendingPathComponent("no/such/folder.jsonl").path
        let noFolder = try ParleyProcess.run(["convert", rich, "-o", missing, "-q"])
        #expect(noFolder.code == 73)
        #expect(noFolder.errors.hasSuffix("parley: \(missing): cannot write: No such file or directory\n"))
    }

    @Test func renderUsesEachFormatsGroupingRuleAndFilters() throws {
        let output = TestPaths.temporaryFolder().appendingPathComponent("archive")
        let outcome = try ParleyProcess.run([
            "render", TestPaths.fixture("telegram-rich.json").path, TestPaths.fixture("matrix-element-export.json").path,
            "--channel", "Parley Test Group", "-o", output.path,
        ])
        #expect(outcome.output == "Rendered 17 messages in 1 channel to 3 pages.\nOpen \(output.path)/index.html\n")
        let page = try String(contentsOf: output.appendingPathComponent("c/1234567890/2023-11.html"), encoding: .utf8)
        #expect(page.contains(#"<article class="msg pos-first" id="m-14""#))
        #expect(page.contains(#"<article class="msg pos-last" id="m-15""#))
    }
}
