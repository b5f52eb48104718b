import Foundation
import ParleyTestSupport
import Synchronization
import Testing

@testable import ParleyCLI

/// Black-box: `parley` prints an input's hostile bytes escaped, on one line.
@Suite("Terminal output")
struct TerminalOutputTests {
    @Test("a media warning names an attachment URL full of terminal controls escaped, on one line")
    func mediaWarning() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = "\u{1B}]0;owned\u{7}\u{1B}[2J\u{1B}]52;c;cGFybGV5\u{7}\u{9B}31m\u{202E}gnp.exe\u{7F}\nparley: warning: forged.png"
        let transcript: [String: Any] = [
            "guild": ["id": "g1", "name": "Escapes"], "channel": ["id": "c1", "type": "GuildTextChat", "name": "general"],
            "messages": [
                [
                    "id": "1", "type": "Default", "timestamp": "2024-03-30T12:00:00.000+00:00", "content": "look",
                    "author": ["id": "11", "name": "ana"],
                    "attachments": [["id": "a1", "url": url, "fileName": "x.png", "fileSizeBytes": 10]],
                ]
            ],
        ]
        let input = folder.appendingPathComponent("escapes.json")
        try JSONSerialization.data(withJSONObject: transcript).write(to: input)
        let outcome = try ParleyProcess.run(["render", input.path, "-o", folder.appendingPathComponent("out").path])
        #expect(outcome.code == 0)
        #expect(
            outcome.errors
                == #"parley: warning: 1 media file not found in the input: "\u{1B}]0;owned\u{7}\u{1B}[2J\u{1B}]52;c;cGFybGV5\u{7}\u{9B}31m\u{202E}gnp.exe\u{7F}\u{A}parley: warning: forged.png""#
                + "\n")
        let raw = Array(outcome.errors.unicodeScalars).filter {
            $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}"
        }
        #expect(raw.isEmpty)
    }

    @Test("an error naming an input file prints the file name escaped")
    func errorFileName() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("chat\u{1B}[2J\u{202E}.json")
        try Data("{\"not\": \"a chat\"}".utf8).write(to: input)
        let outcome = try ParleyProcess.run(["render", input.path, "-o", folder.appendingPathComponent("out").path, "--format", "discord"])
        #expect(outcome.code == 65)
        #expect(outcome.errors == "parley: \(folder.path)/chat\\u{1B}[2J\\u{202E}.json: at channel: a required \"channel\" field\n")
    }

    @Test("a serve log line is escaped whole: a line feed in it cannot start a forged line")
    func serveLogLine() throws {
        let errors = LineCapture()
        let parsed = try OptionParser(flags: ServeCommand.flags).parse([])
        let configuration = try ServeCommand.configuration(parsed, errors: TerminalStream(errors))
        configuration.log("libmicrohttpd: bad request \u{1B}]0;owned\u{7}\u{9B}2J\nparley: forged \u{202E}")
        #expect(
            errors.text.withLock { $0 } == #"parley: libmicrohttpd: bad request \u{1B}]0;owned\u{7}\u{9B}2J\u{A}parley: forged \u{202E}"#
                + "\n")
    }
}

/// A text stream whose copies all append to one string (the serve log closure copies its stream).
private struct LineCapture: TextOutputStream, Sendable {
    let text = SharedText()

    func write(_ string: String) { text.withLock { $0 += string } }
}

/// The string ``LineCapture`` appends to.
private final class SharedText: Sendable {
    private let value = Mutex("")

    func withLock<Result>(_ body: (inout String) -> Result) -> Result { value.withLock { body(&$0) } }
}
