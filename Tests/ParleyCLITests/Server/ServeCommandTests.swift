import Foundation
import ParleyServer
import ParleyServerTestSupport
import ParleyTestSupport
import ParleyWaitSupport
import Testing

/// `parley serve` as a user runs it: the URL it prints, the exit codes, a clean stop on SIGTERM.
@Suite(.stretchedTimeLimit(minutes: 1)) struct ServeCommandTests {
    static let sample = TestPaths.packageRoot.appendingPathComponent("Samples/sample.json").path

    /// Runs `parley serve` until it prints its first line; the caller signals and waits.
    static func launch(_ arguments: [String]) throws -> (process: Process, firstLine: String, output: Pipe, errors: Pipe) {
        let process = Process()
        process.executableURL = ParleyProcess.executable
        process.arguments = ["serve"] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var line: [UInt8] = []
        while !line.contains(0x0A) {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            line += data
        }
        return (process, String(decoding: line, as: UTF8.self), output, errors)
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func printsTheRealURLServesAndStopsCleanlyOnASignal(signal: Int32) throws {
        let (process, firstLine, output, _) = try Self.launch([Self.sample, "--port", "0", "--window", "10"])
        let match = try #require(firstLine.firstMatch(of: /^Serving 1 channel at http:\/\/127\.0\.0\.1:(\d+)\/ \(Ctrl-C stops\)\n$/))
        let port = try #require(Int(match.1))
        #expect(port > 0)
        let page = try HTTPTestResponse.get("/c/900000000000000001", port: port)
        #expect(HTMLScan.articleIDs(page.text).count == 10)
        let stream = try EventStreamClient(port: port, path: "/c/900000000000000001/events?since=0")
        #expect(try stream.next()?.lines == ["retry: 2000"])
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(try stream.next()?.lines == ["event: stop", "data: {}"], "the open stream is told the server stopped")
        #expect(try stream.next() == nil, "then it ended cleanly")
        #expect(String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) == "Stopped.\n")
    }

    @Test func aPortInUseExits69() throws {
        let busy = try ServerFixture.start([SyntheticChannel()])
        defer { busy.stop() }
        let outcome = try ParleyProcess.run(["serve", Self.sample, "--port", String(busy.port)])
        #expect(outcome.code == 69)
        #expect(
            outcome.errors
                == "parley: cannot listen on 127.0.0.1:\(busy.port): the address is already in use; choose another --port (0 picks a free one)\n"
        )
    }

    /// A short ingest token stops `parley serve` before it listens (on a busy port, a server that
    /// took the token would exit 69 instead).
    @Test func aShortIngestTokenExits64() throws {
        let busy = try ServerFixture.start([SyntheticChannel()])
        defer { busy.stop() }
        let database = IngestFixture.temporaryDatabase()
        defer { IngestFixture.removeDatabase(database) }
        let outcome = try ParleyProcess.run(["serve", Self.sample, "--port", String(busy.port), "--db", database, "--token", "s3cret"])
        #expect(outcome.code == 64)
        #expect(outcome.errors == "parley: --token (or PARLEY_TOKEN): expected at least 16 characters of visible ASCII\n")
    }

    /// A database that is not Parley's event database (here an archive's store) is refused with
    /// exit 73 before the server listens, and left as it was.
    @Test func aDatabaseOfAnotherKindExits73Untouched() throws {
        let archive = TestPaths.temporaryFolder().appendingPathComponent("archive")
        let rendered = try ParleyProcess.run(["render", Self.sample, "-o", archive.path, "-q"])
        #expect(rendered.code == 0)
        let store = archive.appendingPathComponent(".parley/archive.sqlite").path
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let outcome = try ParleyProcess.run(["serve", Self.sample, "--port", "0", "--db", store])
        #expect(outcome.code == 73)
        #expect(
            outcome.errors
                == "parley: --db: \(store): not a Parley event database (its meta table names kind 'parley-archive', not 'parley-events')\n"
        )
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    }

    @Test(arguments: [
        ([], "parley: serve needs an INPUT file or --demo; see 'parley serve --help'\n"),
        (["--demo", "--port", "70000"], "parley: --port: expected a whole number from 0 to 65535, got '70000'\n"),
        (["--demo", "--max-viewers", "0"], "parley: --max-viewers: expected a whole number from 1 to 1000000, got '0'\n"),
        (["--demo", "--window", "x"], "parley: --window: expected a whole number from 1 to 1000000, got 'x'\n"),
        (["--demo", "--event-loops", "0"], "parley: --event-loops: expected a whole number from 1 to 64, got '0'\n"),
        (["--follow", sample], "parley: --follow tails one Parley JSON Lines file; see 'parley serve --help'\n"),
        (["--follow", "--demo"], "parley: --follow tails one Parley JSON Lines file; see 'parley serve --help'\n"),
    ])
    func usageErrorsExit64(arguments: [String], message: String) throws {
        let outcome = try ParleyProcess.run(["serve"] + arguments)
        #expect(outcome.code == 64)
        #expect(outcome.errors == message)
    }

    @Test func helpListsTheFlags() throws {
        let outcome = try ParleyProcess.run(["serve", "--help"])
        #expect(outcome.code == 0)
        for flag in [
            "--host HOST", "--port PORT", "--max-viewers N", "--event-loops N", "--max-connections-per-ip N", "--window N", "--demo",
            "--follow",
        ] {
            #expect(outcome.output.contains(flag), "\(flag)")
        }
    }
}
