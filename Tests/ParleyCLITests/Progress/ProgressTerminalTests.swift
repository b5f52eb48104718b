import Foundation
import ParleyTestSupport
import Testing

@testable import ParleyCLI

/// Black-box: `parley render` under a pseudo-terminal (util-linux `script`) draws one line in
/// place and clears it before its summary; with standard error not a terminal, or `-q`, nothing of it.
@Suite("Progress on a terminal")
struct ProgressTerminalTests {
    /// Runs `parley` with `arguments` in a pseudo-terminal, `shellTail` appended to its shell
    /// command line (a redirection); the outcome's output is what the terminal received.
    static func underTerminal(_ arguments: [String], shellTail: String = "") throws -> ParleyProcess.Outcome {
        let command = ([ParleyProcess.executable.path] + arguments).map(quoted).joined(separator: " ") + shellTail
        return try ParleyProcess.run(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"])
    }

    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }

    static let tiny = TestPaths.fixture("tiny.json")

    /// The one warning reading `tiny.json` gives.
    static let warning =
        "parley: warning: \(tiny.path): messages[9]: duplicate message id 108 (first seen at messages[7]); merged, later copy kept"

    static var tinySize: Int { (try? FileManager.default.attributesOfItem(atPath: tiny.path)[.size] as? Int) ?? -1 }

    @Test("each phase redraws one line with \\r, which is cleared before the summary that ends the output")
    func drawsAndClears() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("archive")
        let outcome = try Self.underTerminal(["render", Self.tiny.path, "-o", output.path])
        #expect(outcome.code == 0)
        let reading = ProgressLine(phase: .reading, total: Self.tinySize).text
        #expect(reading.hasPrefix("reading · 0 messages · 0.") && reading.hasSuffix(" kB · 0:00"))
        #expect(outcome.output.hasPrefix("\r" + reading + "\u{1B}[K"))
        #expect(outcome.output.contains("\u{1B}[K\r\u{1B}[K" + Self.warning + "\r\n"))
        #expect(outcome.output.contains("\rrendering · 9 messages · 0 pages · 0:00\u{1B}[K"))
        #expect(
            outcome.output.hasSuffix(
                "\rwriting · 9 messages · 3 pages · 0:00\u{1B}[K\r\u{1B}[K"
                    + "Rendered 9 messages in 1 channel to 3 pages.\r\nOpen \(output.path)/index.html\r\n"))
        let beforeSummary = try #require(outcome.output.range(of: "Rendered 9 messages"))
        let progress = outcome.output[..<beforeSummary.lowerBound].replacingOccurrences(of: Self.warning + "\r\n", with: "")
        #expect(!progress.contains("\n"))
    }

    @Test("with -q on a terminal only the warning is printed")
    func quiet() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try Self.underTerminal(["render", Self.tiny.path, "-o", folder.appendingPathComponent("archive").path, "-q"])
        #expect(outcome.code == 0)
        #expect(outcome.output == Self.warning + "\r\n")
    }

    @Test("standard error redirected to a file: no \\r and no escape sequence in it, the summary alone on the terminal")
    func notATerminal() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("archive")
        let errorsFile = folder.appendingPathComponent("stderr.txt")
        let outcome = try Self.underTerminal(
            ["render", Self.tiny.path, "-o", output.path, "--stats"], shellTail: " 2>" + Self.quoted(errorsFile.path))
        #expect(outcome.code == 0)
        #expect(outcome.output == "Rendered 9 messages in 1 channel to 3 pages.\r\nOpen \(output.path)/index.html\r\n")
        let errors = try String(contentsOf: errorsFile, encoding: .utf8)
        #expect(errors.hasPrefix(Self.warning + "\nstats: parse="))
        #expect(
            errors.contains(
                " messages=9 pages=3 bytes=\(try StatsTests.bytesListed(in: output)) rewritten=3 unchanged=0 rendered=1 search_kept=0 known=0 peak_rss="
            ))
        #expect(!errors.contains("\r"))
        #expect(!errors.contains("\u{1B}"))
    }
}
