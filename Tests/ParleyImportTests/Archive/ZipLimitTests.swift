import Foundation
import ParleyImport
import ParleyTestSupport
import Testing

/// Zip entries are read within caps counted while they inflate: a zip bomb fails with the zip, the
/// entry and what was expected, and never takes the memory it claims.
@Suite("Zip limits")
struct ZipLimitTests {
    static let slackLists = [("channels.json", #"[{"id":"C1","name":"general"}]"#), ("users.json", "[]")]
    static let slackDay = ZipBomb.Large(
        name: "general/2024-01-01.json", prefix: #"[{"type":"message","ts":"1704103200.000100","user":"U1","text":""#, count: 4 << 20,
        suffix: #""}]"#)

    /// A WhatsApp chat of one message holding `count` letters.
    static func chat(_ count: Int) -> ZipBomb.Large {
        ZipBomb.Large(name: "_chat.txt", prefix: "18/03/2022, 14:56 - Ana: ", count: count, suffix: "\n")
    }

    /// The error for `entry` of a zip read with a cap of 1 MiB per entry.
    static func pastOneMiB(_ entry: String) -> ImportError {
        .syntax(
            file: entry, offset: nil, line: nil,
            expected: "expected at most 1048576 bytes uncompressed (--max-entry-size); the entry holds more")
    }

    /// Writes `name` holding `small` and `large` into a fresh folder and runs `body` with the zip
    /// and the folder, which is removed afterwards.
    static func withZip(_ name: String, small: [(String, String)] = [], large: ZipBomb.Large, _ body: (URL, URL) throws -> Void) throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let zip = folder.appendingPathComponent(name)
        try ZipBomb.write(to: zip, small: small, large: large)
        try body(zip, folder)
    }

    @Test("a Slack day file past --max-entry-size fails naming the zip and the entry")
    func slackEntryTooLarge() throws {
        try Self.withZip("slack.zip", small: Self.slackLists, large: Self.slackDay) { zip, _ in
            var options = ImportOptions()
            options.maxEntryBytes = 1 << 20
            #expect(throws: Self.pastOneMiB("\(zip.path): general/2024-01-01.json")) {
                try TranscriptReader().read(contentsOf: zip.path, options: options)
            }
            #expect(throws: Self.pastOneMiB("memory.zip: general/2024-01-01.json")) {
                try TranscriptReader().read(Data(contentsOf: zip), file: "memory.zip", options: options)
            }
            let wholeCap = try TranscriptReader().read(contentsOf: zip.path)
            #expect(wholeCap.transcript.channels.map { $0.messages.map(\.content.text.count) } == [[4 << 20]])
        }
    }

    @Test("a WhatsApp chat that inflates more than --max-zip-ratio per compressed byte fails once past 16 MiB")
    func whatsAppRatio() throws {
        try Self.withZip("chat.zip", large: Self.chat(20 << 20)) { zip, _ in
            #expect(
                throws: ImportError.syntax(
                    file: "\(zip.path): _chat.txt", offset: nil, line: nil,
                    expected: "expected at most 200 bytes uncompressed per compressed byte (--max-zip-ratio); "
                        + "the entry inflated 16842752 bytes from 16910")
            ) {
                try TranscriptReader().read(contentsOf: zip.path)
            }
            var options = ImportOptions()
            options.maxZipRatio = 2000
            let pastTheZipCaps = #expect(throws: ImportError.self) { try TranscriptReader().read(contentsOf: zip.path, options: options) }
            #expect(
                pastTheZipCaps?.description
                    == "\(zip.path): at channel \"chat\", message \"0000-f0e179d95e5ad82a\": "
                    + "field \"content\": 20971520 bytes; expected at most 8388608",
                "within the zip caps, the 20 MiB message meets the message limits (its only message: nothing is read)")
        }
    }

    @Test("the same caps hold for a WhatsApp zip read from memory")
    func whatsAppFromMemory() throws {
        try Self.withZip("chat.zip", large: Self.chat(20 << 20)) { zip, _ in
            var options = ImportOptions()
            options.maxEntryBytes = 1 << 20
            #expect(throws: Self.pastOneMiB("memory.zip: _chat.txt")) {
                try TranscriptReader().read(Data(contentsOf: zip), file: "memory.zip", options: options)
            }
            #expect(
                throws: ImportError.syntax(
                    file: "memory.zip: _chat.txt", offset: nil, line: nil,
                    expected: "expected at most 200 bytes uncompressed per compressed byte (--max-zip-ratio); "
                        + "the entry inflated 16842752 bytes from 16910")
            ) {
                try TranscriptReader().read(Data(contentsOf: zip), file: "memory.zip")
            }
        }
    }

    @Test("a ChatGPT export zip's conversations.json is read within the same caps")
    func chatGPTEntryTooLarge() throws {
        let conversations = ZipBomb.Large(name: "conversations.json", prefix: #"[{"title":""#, count: 2 << 20, suffix: #""}]"#)
        try Self.withZip("chatgpt.zip", large: conversations) { zip, folder in
            let outcome = try ParleyProcess.run([
                "render", zip.path, "-o", folder.appendingPathComponent("out").path, "--max-entry-size", "1024K",
            ])
            #expect(outcome.code == 65)
            #expect(outcome.errors == "parley: \(Self.pastOneMiB("\(zip.path): conversations.json"))\n")
        }
    }

    @Test(
        "a 1 GiB Slack message in a 1 MB zip: parley exits 65 naming the entry, peak memory under 300 MB",
        .disabled(if: Sanitizer.name != nil, "a sanitizer's shadow memory makes peak memory meaningless"))
    func slackBombMemory() throws {
        var day = Self.slackDay
        day.count = 1 << 30
        try Self.withZip("slack.zip", small: Self.slackLists, large: day) { zip, folder in
            #expect(try FileManager.default.attributesOfItem(atPath: zip.path)[.size] as? Int ?? 0 < 1_100_000)
            let measured = try ParleyProcess.runMeasured(["render", zip.path, "-o", folder.appendingPathComponent("out").path])
            #expect(measured.code == 65)
            #expect(
                measured.errors
                    == "parley: \(zip.path): general/2024-01-01.json: expected at most 200 bytes uncompressed per compressed byte "
                    + "(--max-zip-ratio); the entry inflated 16842752 bytes from 16942\n")
            #expect(measured.peakKiB < 300 * 1024)
        }
    }

    @Test("parley render --max-entry-size 1M refuses a 4 MiB Slack day file with exit 65")
    func entrySizeFlag() throws {
        try Self.withZip("slack.zip", small: Self.slackLists, large: Self.slackDay) { zip, folder in
            let outcome = try ParleyProcess.run([
                "render", zip.path, "-o", folder.appendingPathComponent("out").path, "--max-entry-size", "1M",
            ])
            #expect(outcome.code == 65)
            #expect(outcome.errors == "parley: \(Self.pastOneMiB("\(zip.path): general/2024-01-01.json"))\n")
        }
    }

    @Test(
        "--max-entry-size takes bytes or K, M, G; --max-zip-ratio a whole number",
        arguments: [
            (
                ["--max-entry-size", "12X"],
                "parley: --max-entry-size: expected a size above 0 in bytes or with K, M or G (such as 512M), got '12X'\n"
            ),
            (
                ["--max-entry-size", "0"],
                "parley: --max-entry-size: expected a size above 0 in bytes or with K, M or G (such as 512M), got '0'\n"
            ),
            (["--max-zip-ratio", "-3"], "parley: --max-zip-ratio: expected a whole number above 0, got '-3'\n"),
        ])
    func flags(arguments: [String], message: String) throws {
        let outcome = try ParleyProcess.run(["render", "x.zip", "-o", "/tmp/none"] + arguments)
        #expect(outcome.code == 64)
        #expect(outcome.errors == message)
    }
}
