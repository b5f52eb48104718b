import Foundation
import ParleyCLI
import ParleyTestSupport
import Testing

/// The boundary-value sweep: every numeric field that every importer and the JSON Lines reader
/// read, set to 0, −1, ±2^31, ±2^53, ±2^63 and their neighbours, ±1e300 and strings that look
/// like numbers; `render` (in UTC and in Pacific/Kiritimati, UTC+14) and `convert` either succeed
/// or exit 65 with a message — never a trap — and an odd record never costs the normal ones.
@Suite("Boundary values", .serialized)
struct BoundaryValueTests {
    struct Run {
        var code: Int32
        var output: String
        var errors: String
    }

    /// Writes the input's files into a new folder and returns the path to read.
    static func write(_ input: BoundaryInput, _ value: BoundaryInput.Value) throws -> String {
        let folder = TestPaths.temporaryFolder()
        let files = input.files(value)
        let root = files.count == 1 ? folder : folder.appendingPathComponent(input.name)
        for (name, text) in files {
            let url = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return files.count == 1 ? folder.appendingPathComponent(input.name).path : root.path
    }

    static func run(_ arguments: [String]) -> Run {
        let output = CapturedText(), errors = CapturedText()
        let code = ParleyCommand.run(arguments, output: output, errors: errors)
        return Run(code: code, output: output.text, errors: errors.text)
    }

    @Test("with real values every sweep document imports whole", arguments: BoundaryInput.all)
    func controlDocumentsImportWhole(input: BoundaryInput) throws {
        let path = try Self.write(input, input.normal)
        let converted = Self.run(["convert", path, "-o", "-", "--strict"])
        #expect(converted.code == 0, "\(converted.errors)")
        #expect(converted.output.contains("\"normal"))
        #expect(converted.output.contains("odd"))
    }

    @Test("render and convert never trap; exit 0 keeps the normal messages, 65 says why", arguments: BoundaryInput.all)
    func sweep(input: BoundaryInput) throws {
        for value in BoundaryInput.values {
            let path = try Self.write(input, value)
            let converted = Self.run(["convert", path, "-o", "-"])
            #expect([0, 65].contains(converted.code), "\(input) = \(value.text): convert exited \(converted.code)")
            if converted.code == 0 {
                #expect(converted.output.contains("\"normal"), "\(input) = \(value.text): the normal message was lost")
            } else {
                #expect(converted.errors.hasPrefix("parley: "), "\(input) = \(value.text): exit 65 without a message")
            }
            for zone in ["UTC", "Pacific/Kiritimati"] {
                let output = TestPaths.temporaryFolder().appendingPathComponent("archive")
                let rendered = Self.run(["render", path, "-o", output.path, "--timezone", zone, "--quiet"])
                #expect(rendered.code == converted.code, "\(input) = \(value.text) in \(zone): render exited \(rendered.code)")
                try? FileManager.default.removeItem(at: output.deletingLastPathComponent())
            }
        }
    }

    @Test("--strict turns the first skipped record into exit 65 naming the file and field")
    func strict() throws {
        let input = try #require(BoundaryInput.parley.first { $0.field == "length" })
        let path = try Self.write(input, BoundaryInput.Value(json: "9223372036854775807", text: "9223372036854775807"))
        let lenient = Self.run(["convert", path, "-o", "-"])
        #expect(lenient.code == 0)
        let warning =
            "parley: warning: \(path): line 3, byte 281: record skipped: expected message record: field \"spans[0].length\": "
            + "9223372036854775807 from offset 0 reaches outside the text (8 UTF-16 units) (limits: docs/FORMAT.md)\n"
        #expect(lenient.errors == warning)
        #expect(!lenient.output.contains("odd text"))
        #expect(lenient.output.contains("\"normal\""))
        let summary = Self.run(["convert", path, "-o", TestPaths.temporaryFolder().appendingPathComponent("out.jsonl").path])
        #expect(summary.output.hasSuffix("Skipped 1 record that could not be read (see the warnings; --strict makes this an error).\n"))
        let strict = Self.run(["convert", path, "-o", "-", "--strict"])
        #expect(strict.code == 65)
        #expect(
            strict.errors
                == "parley: \(path): line 3, byte 281: record skipped: expected message record: field \"spans[0].length\": "
                + "9223372036854775807 from offset 0 reaches outside the text (8 UTF-16 units) (limits: docs/FORMAT.md) "
                + "(--strict: a record that cannot be read is an error)\n")
    }
}
