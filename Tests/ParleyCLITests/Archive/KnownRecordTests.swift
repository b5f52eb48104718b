import Foundation
import ParleyTestSupport
import Testing

/// An update passes over the input records its store holds byte for byte, and still merges as if
/// it had read them: a record whose id was met before in its list, or whose stored copy an earlier
/// input of the update replaced, is read. Every update equals a fresh render of every input seen.
@Suite struct KnownRecordTests {
    typealias Message = (id: Int, minute: Int, text: String, edited: Int?)

    static let original: [Message] = [(1, 10, "one", nil), (2, 20, "two", nil), (3, 30, "three", nil), (4, 40, "four", nil)]

    /// Renders `inputs` into `archive` with `--stats`; checks the archive equals a fresh render of
    /// every input seen, and returns the `known` count and the summary.
    static func update(_ archive: URL, _ inputs: [String], seen: inout [String], in folder: URL) throws -> (known: Int?, output: String) {
        seen += inputs
        let outcome = try ParleyProcess.run(["render"] + inputs + ["-o", archive.path, "--stats"])
        #expect(outcome.code == 0, "\(outcome.errors)")
        let fresh = folder.appendingPathComponent("fresh\(seen.count)")
        #expect(try ParleyProcess.run(["render"] + seen + ["-o", fresh.path, "-q"]).code == 0)
        #expect(ArchiveUpdateTests.pages(archive) == ArchiveUpdateTests.pages(fresh), "equals a fresh render of \(seen.count) inputs")
        return (PageDigestTests.count("known", in: outcome.errors), outcome.output + outcome.errors)
    }

    @Test func knownRecordsMergeAsIfRead() throws {
        let folder = TestPaths.temporaryFolder()
        let archive = folder.appendingPathComponent("archive")
        var seen: [String] = []
        let first = try ArchiveUpdateTests.write(ArchiveUpdateTests.export(Self.original), "e1.json", in: folder)
        #expect(try Self.update(archive, [first], seen: &seen, in: folder).known == 0)

        // 2 comes twice: edited, then as the archive holds it. The later copy wins, as in a fresh
        // render: it is read (its id was met), not passed over.
        let twice = try ArchiveUpdateTests.write(
            ArchiveUpdateTests.export([(2, 20, "two, edited", 5)] + Self.original), "e2.json", in: folder)
        let duplicate = try Self.update(archive, [twice], seen: &seen, in: folder)
        #expect(duplicate.known == 3, "1, 3 and 4")
        #expect(duplicate.output.contains("message 2 appears twice") || duplicate.output.contains("duplicate"), "\(duplicate.output)")

        // The first input edits 3; the second brings 3 as the store held it before the update: its
        // stored copy is now the first input's, so it is read, and the later edit stays.
        let edit = try ArchiveUpdateTests.write(
            ArchiveUpdateTests.export([(3, 30, "three, edited", 5)]), "e3.json", in: folder)
        let again = try ArchiveUpdateTests.write(ArchiveUpdateTests.export(Self.original), "e4.json", in: folder)
        let two = try Self.update(archive, [edit, again], seen: &seen, in: folder)
        #expect(two.known == 3, "1, 2 and 4 of the second input")
        let page = try String(contentsOf: archive.appendingPathComponent("c/c1/2024-03.html"), encoding: .utf8)
        #expect(page.contains("three, edited") && !page.contains("two, edited"))

        // Nothing new: every record is passed over, and the merge summary counts them as read.
        let same = try Self.update(archive, [again], seen: &seen, in: folder)
        #expect(same.known == 3, "3's stored copy is the edit")
        #expect(same.output.contains("4 messages already in the archive"), "\(same.output)")
    }
}
