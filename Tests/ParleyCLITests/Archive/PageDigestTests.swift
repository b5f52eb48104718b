import Foundation
import ParleyTestSupport
import Testing

/// Updating an archive renders only the pages whose content changed: each page's digest covers
/// its messages, its neighbours, the messages it replies to and their pages, the header and the
/// options; every other page is kept without rendering, with its file and modification time, and
/// the result equals a fresh render.
@Suite struct PageDigestTests {
    /// A DiscordChatExporter export of channel `c1`: message `id` sent `id * 10` minutes after
    /// 2024-03-01T00:00Z with `texts[id]` (a message is left out when its text is nil), the
    /// replies `replies[id] = target`.
    static func export(_ texts: [Int: String], replies: [Int: Int] = [:], topic: String? = nil) -> String {
        let records = texts.keys.sorted().map { id in
            let reference = replies[id].map { #", "type": "Reply", "reference": {"messageId": "\#($0)", "channelId": "c1"}"# } ?? ""
            return """
                {"id": "\(id)", "timestamp": "\(ArchiveUpdateTests.time(id * 10))", "content": "\(texts[id]!)"\(reference),
                 "author": {"id": "u\(id % 2)", "name": "person\(id % 2)"}}
                """
        }
        return
            #"{"guild": {"id": "g", "name": "Guild"}, "channel": {"id": "c1", "name": "general", "topic": \#(topic.map { "\"\($0)\"" } ?? "null")}, "messages": ["#
            + records.joined(separator: ",\n") + "]}"
    }

    /// The inode and modification time of every channel page of `archive`, by page name.
    static func pageFiles(_ archive: URL) -> [String: String] {
        let folder = archive.appendingPathComponent("c/c1")
        var files: [String: String] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name != "index.html" {
            var status = stat()
            guard stat(folder.appendingPathComponent(name).path, &status) == 0 else { continue }
            files[name] = "\(status.st_ino) \(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
        }
        return files
    }

    /// The count `key` (`rendered`, `search_kept`) of a `--stats` line.
    static func count(_ key: String, in errors: String) -> Int? {
        errors.split(separator: " ").first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1).prefix { $0.isNumber }) }
    }

    /// Renders `export` into `archive` with two messages a page, checks the pages equal a fresh
    /// render of every export so far, and returns the names of the pages this update rendered
    /// (replaced files), the count of pages rendered the stats line gives and how many messages'
    /// search documents it took from the previous archive's index, and how many records it passed
    /// over as known.
    static func update(
        _ archive: URL, with export: String, seen: inout [String], extra: [String] = [], in folder: URL
    ) throws -> (changed: Set<String>, rendered: Int?, searchKept: Int?, known: Int?) {
        let input = try ArchiveUpdateTests.write(export, "e\(seen.count).json", in: folder)
        seen.append(input)
        let before = Self.pageFiles(archive)
        let outcome = try ParleyProcess.run(["render", input, "-o", archive.path, "--messages-per-page", "2", "--stats"] + extra)
        #expect(outcome.code == 0, "\(outcome.errors)")
        let after = Self.pageFiles(archive)
        let fresh = folder.appendingPathComponent("fresh\(seen.count)")
        #expect(
            try ParleyProcess.run(["render"] + seen + ["-o", fresh.path, "--messages-per-page", "2"] + extra).code == 0)
        #expect(ArchiveUpdateTests.pages(archive) == ArchiveUpdateTests.pages(fresh), "update \(seen.count) equals a fresh render")
        return (
            Set(after.keys.filter { before[$0] != after[$0] }), Self.count("rendered", in: outcome.errors),
            Self.count("search_kept", in: outcome.errors), Self.count("known", in: outcome.errors)
        )
    }

    @Test func onlyThePagesWhoseContentChangedAreRendered() throws {
        let folder = TestPaths.temporaryFolder()
        let archive = folder.appendingPathComponent("archive")
        var seen: [String] = []
        // Messages 1–8: pages 2024-03 (1, 2), -p2 (3, 4), -p3 (5, 6), -p4 (7, 8); 7 replies to 2.
        var texts = Dictionary(uniqueKeysWithValues: (1...8).map { ($0, "text \($0)") })
        let replies = [7: 2]
        let first = try Self.update(archive, with: Self.export(texts, replies: replies), seen: &seen, in: folder)
        #expect(first.changed == ["2024-03.html", "2024-03-p2.html", "2024-03-p3.html", "2024-03-p4.html"])
        #expect(first.rendered == 4 && first.searchKept == 0 && first.known == 0)

        let same = try Self.update(archive, with: Self.export(texts, replies: replies), seen: &seen, in: folder)
        #expect(same.changed == [] && same.rendered == 0, "nothing changed: nothing is rendered")
        #expect(same.searchKept == 8, "every page's search documents are the previous index's")
        #expect(same.known == 8, "every record is the stored one, byte for byte")

        texts[5] = "text 5, edited"
        let edit = try Self.update(archive, with: Self.export(texts, replies: replies), seen: &seen, in: folder)
        #expect(edit.rendered == 2, "the page of 5, and the page before it (its last message precedes 5)")
        #expect(edit.searchKept == 4, "the two pages kept")
        #expect(edit.known == 7)
        #expect(edit.changed == ["2024-03-p3.html"], "the neighbour's bytes did not change: it is linked again")

        texts[2] = "text 2, edited"
        let target = try Self.update(archive, with: Self.export(texts, replies: replies), seen: &seen, in: folder)
        #expect(target.changed == ["2024-03.html", "2024-03-p4.html"], "the page of 2 and the page whose reply quotes it")
        #expect(target.known == 7, "the edited 5 was stored with its new record's digest")

        texts[9] = "text 9"
        let appended = try Self.update(archive, with: Self.export(texts, replies: replies), seen: &seen, in: folder)
        #expect(appended.changed == ["2024-03-p4.html", "2024-03-p5.html"], "the new page, and the pager of the one before it")
        #expect(appended.rendered == 2 && appended.searchKept == 6 && appended.known == 8)

        let lost = try Self.update(archive, with: Self.export([9: "text 9"]), seen: &seen, in: folder)
        #expect(lost.changed == [] && lost.rendered == 0, "a newer export that lacks messages changes nothing")
        #expect(lost.known == 1)

        let topic = try Self.update(archive, with: Self.export([9: "text 9"], topic: "Talk"), seen: &seen, in: folder)
        #expect(topic.rendered == 5, "the header (the channel's topic) is on every page")
        #expect(topic.changed.count == 5)
        #expect(topic.known == 1, "a message's reading does not depend on its channel's topic")

        let zone = try Self.update(archive, with: Self.export([9: "text 9"]), seen: &seen, extra: ["--timezone", "Asia/Tokyo"], in: folder)
        #expect(zone.rendered == 5 && zone.searchKept == 0, "another time zone renders every page")
        #expect(zone.known == 1, "nor on the time zone")
    }

    @Test func aPageWhoseFileOrDigestIsMissingIsRenderedAgain() throws {
        let folder = TestPaths.temporaryFolder()
        let archive = folder.appendingPathComponent("archive")
        var seen: [String] = []
        let export = Self.export(Dictionary(uniqueKeysWithValues: (1...6).map { ($0, "text \($0)") }))
        _ = try Self.update(archive, with: export, seen: &seen, in: folder)
        let digests = try String(contentsOf: archive.appendingPathComponent(".parley-pages"), encoding: .utf8)
        let lines = digests.split(separator: "\n")
        #expect(lines.first == "parley-pages 1")
        #expect(
            lines.dropFirst().map { $0.split(separator: " ").last.map(String.init) ?? "" } == [
                "c/c1/2024-03-p2.html", "c/c1/2024-03-p3.html", "c/c1/2024-03.html",
            ])
        #expect(lines.dropFirst().allSatisfy { $0.prefix(16).allSatisfy(\.isHexDigit) && $0.dropFirst(16).first == " " })

        try FileManager.default.removeItem(at: archive.appendingPathComponent("c/c1/2024-03-p2.html"))
        let removed = try Self.update(archive, with: export, seen: &seen, in: folder)
        #expect(removed.rendered == 1 && removed.changed == ["2024-03-p2.html"] && removed.searchKept == 4)

        let tampered = digests.replacingOccurrences(of: "\n", with: "\n0", options: [], range: digests.range(of: "\n"))
        try Data(tampered.utf8).write(to: archive.appendingPathComponent(".parley-pages"))
        let mismatched = try Self.update(archive, with: export, seen: &seen, in: folder)
        #expect(mismatched.rendered == 1, "a recorded digest that does not match renders its page")
        #expect(mismatched.changed == [], "whose bytes are the same")
    }

    /// A previous search index whose files do not hold what their names say is not used: every
    /// kept page is read for the index again, and the index is the fresh render's.
    @Test func aPreviousSearchIndexThatDoesNotReadIsNotUsed() throws {
        let folder = TestPaths.temporaryFolder()
        let archive = folder.appendingPathComponent("archive")
        var seen: [String] = []
        let export = Self.export(Dictionary(uniqueKeysWithValues: (1...6).map { ($0, "text \($0)") }))
        _ = try Self.update(archive, with: export, seen: &seen, in: folder)
        let shards = try FileManager.default.contentsOfDirectory(atPath: archive.appendingPathComponent("search/t").path)
        #expect(shards.count == 1)
        let shard = archive.appendingPathComponent("search/t/" + shards[0])
        let text = try String(contentsOf: shard, encoding: .utf8)
        try FileManager.default.removeItem(at: shard)
        try Data(text.replacingOccurrences(of: #""text":"#, with: #""texts":"#).utf8).write(to: shard)
        let tampered = try Self.update(archive, with: export, seen: &seen, in: folder)
        #expect(tampered.rendered == 0 && tampered.searchKept == 0)
        let again = try Self.update(archive, with: export, seen: &seen, in: folder)
        #expect(again.rendered == 0 && again.searchKept == 6, "the index the last render wrote is used")
    }
}
