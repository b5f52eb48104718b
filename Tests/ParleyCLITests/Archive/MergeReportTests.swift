import Foundation
import ParleyTestSupport
import Testing

/// What `parley render`, `convert` and `serve` say about overlapping inputs: per channel, the
/// messages an input brought that the archive or an earlier input already held and which copy was
/// kept; with `-v`, every merged message naming both copies.
@Suite struct MergeReportTests {
    /// Two overlapping exports of channel `c1` ("general"): `older.json` holds messages 1–4,
    /// `newer.json` holds 1 unedited (older than the first copy's edit: ignored), 2 with the same
    /// edit time and other text (a conflict), 3 edited later, 4 unchanged, and 5, new.
    static func overlapping(in folder: URL) throws -> (older: String, newer: String) {
        let older = try ArchiveUpdateTests.write(
            ArchiveUpdateTests.export([(1, 10, "one, edited", 5), (2, 20, "two", 1), (3, 30, "three", nil), (4, 40, "four", nil)]),
            "older.json", in: folder)
        let newer = try ArchiveUpdateTests.write(
            ArchiveUpdateTests.export([
                (1, 10, "one", nil), (2, 20, "two?", 1), (3, 30, "three, edited", 2), (4, 40, "four", nil), (5, 50, "five", nil),
            ]),
            "newer.json", in: folder)
        return (older, newer)
    }

    /// The `-v` lines of ``overlapping(in:)`` merged in that order; `first` names where messages
    /// 1–4 are first (`older.json`, or the archive).
    static func verboseLines(older: String, newer: String, firstInArchive: Bool) -> String {
        let first = { (index: Int) in firstInArchive ? "first in the archive" : "first at \(older): messages[\(index)]" }
        return "merged: channel general, message 1: \(first(0)), later at \(newer): messages[0]; kept the first copy (older copy ignored)\n"
            + "merged: channel general, message 2: \(first(1)), later at \(newer): messages[1]; kept the later copy (same edit time)\n"
            + "merged: channel general, message 3: \(first(2)), later at \(newer): messages[2]; kept the later copy (later edit)\n"
            + "merged: channel general, message 4: \(first(3)), later at \(newer): messages[3]; kept the first copy (identical)\n"
    }

    static let mergedLine =
        "Merged in channel general: 4 messages already in an earlier input (1 replaced by a later edit, "
        + "1 replaced by a copy with the same edit time, 1 identical, 1 older copy ignored).\n"

    @Test func twoOverlappingInputsAreSummedUpPerChannel() throws {
        let folder = TestPaths.temporaryFolder()
        let (older, newer) = try Self.overlapping(in: folder)
        let archive = folder.appendingPathComponent("archive")
        let outcome = try ParleyProcess.run(["render", older, newer, "-o", archive.path])
        #expect(outcome.code == 0)
        #expect(
            outcome.output == "Rendered 5 messages in 1 channel to 3 pages.\n" + Self.mergedLine + "Open \(archive.path)/index.html\n")
        #expect(
            outcome.errors
                == "parley: warning: \(newer): channel general, message 2: differs from the copy at \(older): messages[1] "
                + "(same edit time, different content); this input's copy is kept\n")
        let page = try String(contentsOf: archive.appendingPathComponent("c/c1/2024-03.html"), encoding: .utf8)
        for text in ["one, edited", "two?", "three, edited", "four", "five"] { #expect(page.contains(">\(text)<"), "\(text)") }
    }

    @Test(arguments: ["-v", "--verbose"])
    func verboseListsEveryMergedMessageWithBothCopies(flag: String) throws {
        let folder = TestPaths.temporaryFolder()
        let (older, newer) = try Self.overlapping(in: folder)
        let archive = folder.appendingPathComponent("archive")
        let outcome = try ParleyProcess.run(["render", flag, older, newer, "-o", archive.path])
        #expect(outcome.code == 0)
        #expect(
            outcome.output
                == Self.verboseLines(older: older, newer: newer, firstInArchive: false) + "Rendered 5 messages in 1 channel to 3 pages.\n"
                + Self.mergedLine + "Open \(archive.path)/index.html\n")
    }

    @Test func anArchiveUpdateNamesTheArchivesCopies() throws {
        let folder = TestPaths.temporaryFolder()
        let (older, newer) = try Self.overlapping(in: folder)
        let archive = folder.appendingPathComponent("archive")
        #expect(try ParleyProcess.run(["render", older, "-o", archive.path]).code == 0)
        let update = try ParleyProcess.run(["render", "-v", newer, "-o", archive.path])
        #expect(update.code == 0)
        #expect(
            update.output
                == Self.verboseLines(older: older, newer: newer, firstInArchive: true) + "Rendered 5 messages in 1 channel to 3 pages.\n"
                + "Archive update: 1 new message, 2 changed, 4 kept from earlier renders; 3 pages rewritten, 0 unchanged.\n"
                + "Merged in channel general: 4 messages already in the archive (1 replaced by a later edit, "
                + "1 replaced by a copy with the same edit time, 1 identical, 1 older copy ignored).\n"
                + "Open \(archive.path)/index.html\n")
        #expect(
            update.errors
                == "parley: warning: \(newer): channel general, message 2: differs from the archive's copy "
                + "(same edit time, different content); this input's copy is kept\n")
    }

    @Test func quietPrintsNoneOfItAndRefusesVerbose() throws {
        let folder = TestPaths.temporaryFolder()
        let (older, newer) = try Self.overlapping(in: folder)
        let archive = folder.appendingPathComponent("archive")
        let quiet = try ParleyProcess.run(["render", "-q", older, newer, "-o", archive.path])
        #expect(quiet.code == 0)
        #expect(quiet.output.isEmpty)
        #expect(
            quiet.errors.hasPrefix("parley: warning: \(newer): channel general, message 2: differs from the copy at \(older): messages[1]"))
        let refusal = "parley: -q and -v cannot be used together: --quiet prints no summary, --verbose adds to it\n"
        for command in [["render", older, "-o", archive.path], ["convert", older, "-o", "-"], ["serve", older, "--port", "0"]] {
            let both = try ParleyProcess.run(command + ["-q", "--verbose"])
            #expect(both.code == 64, "\(command[0])")
            #expect(both.output.isEmpty)
            #expect(both.errors == refusal, "\(command[0])")
        }
    }

    /// A message in three inputs is merged twice; the second merge names the copy kept, which is
    /// the first input's when the second input's copy was older.
    @Test func aThirdCopyMeetsTheCopyKept() throws {
        let folder = TestPaths.temporaryFolder()
        let a = try ArchiveUpdateTests.write(ArchiveUpdateTests.export([(1, 10, "one, edited", 5)]), "a.json", in: folder)
        let b = try ArchiveUpdateTests.write(ArchiveUpdateTests.export([(1, 10, "one", nil)]), "b.json", in: folder)
        let c = try ArchiveUpdateTests.write(
            ArchiveUpdateTests.export([(1, 10, "one, edited", 5), (1, 10, "one, edited", 5)]), "c.json", in: folder)
        let archive = folder.appendingPathComponent("archive")
        let outcome = try ParleyProcess.run(["render", "-v", a, b, c, "-o", archive.path])
        #expect(outcome.code == 0)
        #expect(
            outcome.output
                == "merged: channel general, message 1: first at \(a): messages[0], later at \(b): messages[0]; kept the first copy (older copy ignored)\n"
                + "merged: channel general, message 1: first at \(a): messages[0], later at \(c): messages[0]; kept the first copy (identical)\n"
                + "Rendered 1 message in 1 channel to 3 pages.\n"
                + "Merged in channel general: 2 messages already in an earlier input (1 identical, 1 older copy ignored).\n"
                + "Open \(archive.path)/index.html\n")
        #expect(
            outcome.errors
                == "parley: warning: \(c): messages[1]: duplicate message id 1 (first seen at messages[0]); merged, later copy kept\n")
    }

    /// One export of channel `cN` named `channel-N` holding `count` messages.
    static func channel(_ number: Int, messages count: Int) -> String {
        ArchiveUpdateTests.export((1...count).map { (number * 100 + $0, $0, "m\($0)", nil) })
            .replacingOccurrences(of: #""id": "c1", "name": "general""#, with: #""id": "c\#(number)", "name": "channel-\#(number)""#)
    }

    @Test func manyChannelsAreCappedUnlessVerbose() throws {
        let folder = TestPaths.temporaryFolder()
        let inputs = try (1...12).map { try ArchiveUpdateTests.write(Self.channel($0, messages: $0), "c\($0).json", in: folder) }
        let archive = folder.appendingPathComponent("archive")
        #expect(try ParleyProcess.run(["render"] + inputs + ["-o", archive.path]).code == 0)
        let lines = (3...12).reversed().map {
            "Merged in channel channel-\($0): \($0) messages already in the archive (\($0) identical).\n"
        }
        let again = try ParleyProcess.run(["render"] + inputs + ["-o", archive.path])
        #expect(again.code == 0)
        #expect(
            again.output
                == "Rendered 78 messages in 12 channels to 25 pages.\n"
                + "Archive update: 0 new messages, 0 changed, 78 kept from earlier renders; 0 pages rewritten, 25 unchanged.\n"
                + lines.joined() + "Merged in 2 more channels: 3 messages (--verbose lists every channel and message).\n"
                + "Open \(archive.path)/index.html\n")
        let verbose = try ParleyProcess.run(["render", "-v"] + inputs + ["-o", archive.path])
        #expect(verbose.code == 0)
        let summary = verbose.output.split(separator: "\n").filter { $0.hasPrefix("Merged in") }
        #expect(
            summary == lines.map { $0.dropLast() }
                + [
                    "Merged in channel channel-2: 2 messages already in the archive (2 identical).",
                    "Merged in channel channel-1: 1 message already in the archive (1 identical).",
                ])
        #expect(verbose.output.split(separator: "\n").count(where: { $0.hasPrefix("merged: ") }) == 78)
    }

    @Test func convertSumsUpAndListsByInputFile() throws {
        let folder = TestPaths.temporaryFolder()
        let (older, newer) = try Self.overlapping(in: folder)
        let output = folder.appendingPathComponent("all.jsonl").path
        let outcome = try ParleyProcess.run(["convert", "-v", older, newer, "-o", output])
        #expect(outcome.code == 0)
        #expect(
            outcome.output
                == "merged: channel general, message 1: first at \(older), later at \(newer); kept the first copy (older copy ignored)\n"
                + "merged: channel general, message 2: first at \(older), later at \(newer); kept the later copy (same edit time)\n"
                + "merged: channel general, message 3: first at \(older), later at \(newer); kept the later copy (later edit)\n"
                + "merged: channel general, message 4: first at \(older), later at \(newer); kept the first copy (identical)\n"
                + "Converted 5 messages in 1 channel to \(output).\n" + Self.mergedLine)
        #expect(
            outcome.errors
                == "parley: warning: \(newer): channel general, message 2: differs from the copy in \(older) "
                + "(same edit time, different content); this input's copy is kept\n")
        let quiet = try ParleyProcess.run(["convert", older, newer, "-o", output])
        #expect(quiet.output == "Converted 5 messages in 1 channel to \(output).\n" + Self.mergedLine)
        let toStandardOutput = try ParleyProcess.run(["convert", "-v", older, newer, "-o", "-"])
        #expect(toStandardOutput.output == (try String(contentsOfFile: output, encoding: .utf8)))
        #expect(
            toStandardOutput.errors.split(separator: "\n").filter { $0.hasPrefix("merged: ") }
                == outcome.output.split(separator: "\n").filter { $0.hasPrefix("merged: ") })
    }

    /// Two corpus exports of one channel, one without a message deleted upstream and with an older
    /// copy of the last (before its edit).
    @Test(.enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent"))
    func overlappingCorpusExports() throws {
        let full = TestPaths.discord("dcef-chill-talk.json").path,
            partial = TestPaths.discord("dcef-chill-talk-without-deleted-message.json").path
        let archive = TestPaths.temporaryFolder().appendingPathComponent("archive")
        let outcome = try ParleyProcess.run(["render", "-v", "--media", "none", full, partial, "-o", archive.path])
        #expect(outcome.code == 0)
        let copies = [
            ("1060953753550860429", 0, 0), ("1060953780281167924", 1, 1), ("1060954094627463198", 3, 2), ("1060954391009570826", 4, 3),
        ]
        let lines = copies.map { id, first, later in
            "merged: channel chill talk, message \(id): first at \(full): messages[\(first)], later at \(partial): messages[\(later)]; kept the first copy (identical)\n"
        }
        #expect(
            outcome.output
                == lines.joined()
                + "merged: channel chill talk, message 1060954419862188072: first at \(full): messages[5], later at \(partial): messages[4]; kept the first copy (older copy ignored)\n"
                + "Rendered 6 messages in 1 channel to 3 pages.\n"
                + "Merged in channel chill talk: 5 messages already in an earlier input (4 identical, 1 older copy ignored).\n"
                + "Open \(archive.path)/index.html\n")
    }
}
