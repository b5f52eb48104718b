import Foundation
import ParleyTestSupport
import Testing

/// Black-box: `parley render --stats` prints one `stats: k=v …` line on standard error whose
/// counts match the summary.
@Suite("Render --stats")
struct StatsTests {
    /// The bytes of the files `archive`'s manifest lists.
    static func bytesListed(in archive: URL) throws -> Int {
        let manifest = try String(contentsOf: archive.appendingPathComponent(".parley-manifest"), encoding: .utf8)
        return try manifest.split(separator: "\n").dropFirst().reduce(0) { total, path in
            total + (try FileManager.default.attributesOfItem(atPath: archive.appendingPathComponent(String(path)).path)[.size] as! Int)
        }
    }

    /// The key=value pairs of a stats line, in order.
    static func pairs(_ line: Substring) -> [(key: String, value: String)] {
        line.dropFirst("stats: ".count).split(separator: " ").map {
            let parts = $0.split(separator: "=", maxSplits: 1)
            return (String(parts[0]), parts.count == 2 ? String(parts[1]) : "")
        }
    }

    @Test("after the summary, one line: four times in seconds with 3 decimals, then the summary's counts and the bytes written")
    func statsLine() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("archive")
        let outcome = try ParleyProcess.run(["render", "--sample", "-o", output.path, "--stats"])
        #expect(outcome.code == 0)
        #expect(outcome.output == "Rendered 67 messages in 1 channel to 3 pages.\nOpen \(output.path)/index.html\n")
        let lines = outcome.errors.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty)
        #expect(lines[0].hasPrefix("stats: "))
        let pairs = Self.pairs(lines[0])
        #expect(
            pairs.map(\.key) == [
                "parse", "store", "render", "write", "messages", "pages", "bytes", "rewritten", "unchanged", "rendered", "search_kept",
                "known",
                "peak_rss",
            ])
        for (key, value) in pairs.prefix(4) {
            #expect(Double(value).map { $0 >= 0 } == true, "\(key)=\(value)")
            #expect(value.split(separator: ".").last?.count == 3, "\(key)=\(value)")
        }
        #expect(
            pairs.dropFirst(4).dropLast().map(\.value) == ["67", "3", String(try Self.bytesListed(in: output)), "3", "0", "1", "0", "0"])
        #expect(pairs.last.flatMap { Int($0.value) }.map { $0 > 1_000_000 && $0 % 1024 == 0 } == true, "peak_rss in bytes")
    }

    @Test("-q drops the summary but not the stats line")
    func quietStats() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("archive")
        let outcome = try ParleyProcess.run(["render", "--sample", "-o", output.path, "-q", "--stats"])
        #expect(outcome.code == 0)
        #expect(outcome.output == "")
        #expect(outcome.errors.hasPrefix("stats: parse="))
        #expect(
            outcome.errors.contains(
                " messages=67 pages=3 bytes=\(try Self.bytesListed(in: output)) rewritten=3 unchanged=0 rendered=1 search_kept=0 known=0 peak_rss="
            )
        )
    }
}
