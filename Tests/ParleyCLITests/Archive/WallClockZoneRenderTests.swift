import Foundation
import ParleyStore
import ParleyTestSupport
import Testing

/// Black-box: a WhatsApp chat's times are the phone's clock, taken in `--timezone` and shown in
/// it, so the archive records the zone it read them in and refuses a render in another zone,
/// which would show the stored times shifted; an archive without a WhatsApp chat changes zone freely.
@Suite struct WallClockZoneRenderTests {
    /// A WhatsApp (Android) chat of Mary's; `later` adds a message after the first two.
    static func chat(in folder: URL, later: Bool = false) throws -> URL {
        var lines = ["15/01/2020, 02:22 - Mary: Hello", "15/01/2020, 09:05 - Alex: Morning"]
        if later { lines.append("16/01/2020, 23:40 - Mary: Late") }
        let url = folder.appendingPathComponent("WhatsApp Chat with Mary.txt")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        return url
    }

    /// The day headings and times a page shows, in order.
    static func times(_ output: URL) throws -> [String] {
        let folder = output.appendingPathComponent("c")
        let channel = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.path).first)
        let page = try String(contentsOf: folder.appendingPathComponent("\(channel)/2020-01.html"), encoding: .utf8)
        return page.split(separator: "<time ").compactMap { part in
            guard part.hasPrefix("datetime"), let close = part.firstIndex(of: ">"), let end = part.firstIndex(of: "<") else { return nil }
            return String(part[part.index(after: close)..<end])
        }
    }

    @Test func aRenderInAnotherZoneIsRefusedAndTheArchiveStaysAsItWas() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("archive")
        let chat = try Self.chat(in: folder)
        let first = try ParleyProcess.run(["render", chat.path, "--timezone", "Europe/Berlin", "-q", "-o", output.path])
        #expect(first.code == 0, "\(first.errors)")
        #expect(try Self.times(output) == ["Wednesday, 15 January 2020", "02:22", "09:05"])
        let store = try ArchiveStore(path: output.appendingPathComponent(".parley/archive.sqlite").path) {
            (_, _) throws(StoreError) in throw .failed(path: "", reason: "no migration")
        }
        #expect(try store.wallClockZone() == "Europe/Berlin")
        // The pages and files; the store's own files may change bytes when it is opened (its WAL).
        func files() throws -> [String: Data] { try ConvertCommandTests.contents(of: output).filter { !$0.key.hasPrefix(".parley/") } }
        let before = try files()
        let refusal =
            "parley: \(output.path): its WhatsApp chat \"Mary\" was read in the time zone Europe/Berlin, and in UTC its times "
            + "could show shifted: WhatsApp writes the phone's clock and no zone. Render this archive with --timezone "
            + "Europe/Berlin, or into a new folder\n"
        for arguments in [[chat.path], [chat.path, "--timezone", "UTC"], [TestPaths.fixture("tiny.json").path]] {
            let outcome = try ParleyProcess.run(["render"] + arguments + ["-q", "-o", output.path])
            #expect(outcome.code == 64)
            #expect(outcome.errors == refusal)
            #expect(try files() == before)
            #expect(try store.messageCount() == 2)
            #expect(try store.wallClockZone() == "Europe/Berlin")
        }
        let tokyo = try ParleyProcess.run(["render", chat.path, "--timezone", "Asia/Tokyo", "-q", "-o", output.path])
        #expect(tokyo.errors == refusal.replacingOccurrences(of: "in UTC", with: "in Asia/Tokyo"))
        let later = try ParleyProcess.run([
            "render", try Self.chat(in: folder, later: true).path, "--timezone", "Europe/Berlin", "-o", output.path,
        ])
        #expect(later.code == 0, "\(later.errors)")
        #expect(later.output.contains("Archive update: 1 new message, 0 changed, 2 kept from earlier renders;"))
        #expect(try Self.times(output) == ["Wednesday, 15 January 2020", "02:22", "09:05", "Thursday, 16 January 2020", "23:40"])
    }

    /// The zone the first render took (UTC without `--timezone`) is the one recorded, and stays:
    /// another name of a zone at the same fixed offset is that zone.
    @Test func theZoneOfTheFirstRenderIsRecordedUTCByDefault() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("archive")
        let chat = try Self.chat(in: folder)
        #expect(try ParleyProcess.run(["render", chat.path, "-q", "-o", output.path]).code == 0)
        #expect(try Self.times(output) == ["Wednesday, 15 January 2020", "02:22", "09:05"])
        let outcome = try ParleyProcess.run(["render", chat.path, "--timezone", "Europe/Berlin", "-q", "-o", output.path])
        #expect(outcome.code == 64)
        #expect(outcome.errors.contains("was read in the time zone UTC, and in Europe/Berlin its times could show shifted"))
        for name in ["UTC", "GMT", "Etc/UTC", "Zulu"] {
            let same = try ParleyProcess.run(["render", chat.path, "--timezone", name, "-q", "-o", output.path])
            #expect(same.code == 0, "\(name): \(same.errors)")
        }
        let store = try ArchiveStore(path: output.appendingPathComponent(".parley/archive.sqlite").path) {
            (_, _) throws(StoreError) in throw .failed(path: "", reason: "no migration")
        }
        #expect(try store.wallClockZone() == "UTC")
        #expect(try ParleyProcess.run(["render", chat.path, "--timezone", "Etc/GMT+1", "-q", "-o", output.path]).code == 64)
    }

    /// Times that name their zone (DiscordChatExporter's) show in any `--timezone`: such an
    /// archive records no zone and renders in another one.
    @Test func anArchiveWithoutAWhatsAppChatChangesZone() throws {
        let output = TestPaths.temporaryFolder().appendingPathComponent("archive")
        defer { try? FileManager.default.removeItem(at: output.deletingLastPathComponent()) }
        let tiny = TestPaths.fixture("tiny.json").path
        #expect(try ParleyProcess.run(["render", tiny, "--timezone", "Europe/Berlin", "-q", "-o", output.path]).code == 0)
        let outcome = try ParleyProcess.run(["render", tiny, "-q", "-o", output.path])
        #expect(outcome.code == 0, "\(outcome.errors)")
        let store = try ArchiveStore(path: output.appendingPathComponent(".parley/archive.sqlite").path) {
            (_, _) throws(StoreError) in throw .failed(path: "", reason: "no migration")
        }
        #expect(try store.wallClockZone() == nil)
    }
}
