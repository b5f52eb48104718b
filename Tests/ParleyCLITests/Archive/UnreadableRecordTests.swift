import Foundation
import ParleyTestSupport
import Testing

@testable import ParleyStore

/// A stored record that does not read back (a store damaged outside Parley) costs only its own
/// message: its page shows a notice in its place, with its id and time, the rest of the archive
/// renders, the record stays in the store as it is, and an input holding the message again
/// replaces it.
@Suite struct UnreadableRecordTests {
    /// Five messages of channel `c1`, ten minutes apart from 00:10; 3 replies to 2 and 4 to 3.
    static let export = """
        {"guild": {"id": "g", "name": "Guild"}, "channel": {"id": "c1", "name": "general"}, "messages": [
        {"id": "1", "type": "Default", "timestamp": "2024-03-01T00:10:00.000Z", "content": "first", "author": {"id": "u1", "name": "person1"}},
        {"id": "2", "type": "Default", "timestamp": "2024-03-01T00:20:00.000Z", "content": "second", "author": {"id": "u1", "name": "person1"}},
        {"id": "3", "type": "Reply", "timestamp": "2024-03-01T00:30:00.000Z", "content": "third", "author": {"id": "u1", "name": "person1"},
         "reference": {"messageId": "2", "channelId": "c1"}},
        {"id": "4", "type": "Reply", "timestamp": "2024-03-01T00:40:00.000Z", "content": "fourth", "author": {"id": "u1", "name": "person1"},
         "reference": {"messageId": "3", "channelId": "c1"}},
        {"id": "5", "type": "Default", "timestamp": "2024-03-01T00:50:00.000Z", "content": "fifth", "author": {"id": "u1", "name": "person1"}}
        ]}
        """

    /// The same channel with message 1 only.
    static let firstOnly = """
        {"guild": {"id": "g", "name": "Guild"}, "channel": {"id": "c1", "name": "general"}, "messages": [
        {"id": "1", "type": "Default", "timestamp": "2024-03-01T00:10:00.000Z", "content": "first", "author": {"id": "u1", "name": "person1"}}
        ]}
        """

    static let damaged = #"{"type":"message","garb"#

    static func record(_ archive: URL, _ id: String) throws -> String? {
        var record: String?
        try SQLiteConnection(path: archive.appendingPathComponent(".parley/archive.sqlite").path).query(
            "SELECT record FROM messages WHERE channel = 'c1' AND id = ?", [.text(id)]
        ) { record = $0.text(0) }
        return record
    }

    @Test func aDamagedRecordShowsANoticeTheRestRendersAndANewerCopyReplacesIt() throws {
        let folder = TestPaths.temporaryFolder()
        let full = try ArchiveUpdateTests.write(Self.export, "full.json", in: folder)
        let first = try ArchiveUpdateTests.write(Self.firstOnly, "first.json", in: folder)
        let archive = folder.appendingPathComponent("archive")
        let options = ["-o", archive.path, "--messages-per-page", "2", "--timezone", "UTC"]
        #expect(try ParleyProcess.run(["render", full] + options).code == 0)
        try SQLiteConnection(path: archive.appendingPathComponent(".parley/archive.sqlite").path).execute(
            "UPDATE messages SET record = '\(Self.damaged)' WHERE channel = 'c1' AND id = '3'")

        // Pages rendered again (another time zone): message 3's page shows its notice.
        let paris = options.dropLast(2) + ["--timezone", "Europe/Paris"]
        let warning =
            "parley: warning: channel c1, message 3: its stored record does not read back ("
            + archive.path
            + "/.parley/archive.sqlite, byte 0 of the record: expected valid JSON: Unexpected end of file during JSON parse.); "
            + "c/c1/2024-03-p2.html shows a notice in its place, and the record stays in the store as it is\n"
        for run in 1...2 {
            let render = try ParleyProcess.run(["render", first] + paris)
            #expect(render.code == 0, "run \(run)")
            #expect(render.errors == warning, "run \(run): a page with a notice is read again, so every render warns")
            #expect(render.output.hasPrefix("Rendered 5 messages in 1 channel to 5 pages.\n"), "run \(run)")
        }
        let page = try String(contentsOf: archive.appendingPathComponent("c/c1/2024-03-p2.html"), encoding: .utf8)
        #expect(
            page.contains(
                #"<article class="msg pos-only kind-system msg-system msg-bot" id="m-3"><span class="msg-avatar avatar hue-4" aria-hidden="true">P</span>"#
                    + ##"<header><bdi class="msg-author ">Parley</bdi> <span class="msg-badge">BOT</span> <a class="msg-time" href="#m-3" "##
                    + #"title="Friday, 1 March 2024 01:30:00 (Europe/Paris)"><time datetime="2024-03-01T00:30:00.000Z">01:30</time></a></header>"#
                    + #"<div class="msg-text" data-slot="text" dir="auto">This message could not be read from the archive&#39;s store. "#
                    + #"Its record is kept there as it is; parley render names it in a warning.</div></article>"#))
        // Message 4 replies to message 3, whose record is not read for the preview.
        #expect(
            page.contains(
                #"<div class="msg-reply" data-slot="reply"><span class="reply-ref reply-missing">Original message unavailable</span></div>"#
                    + #"<div class="msg-text" data-slot="text" dir="auto">fourth</div>"#))
        for (path, text) in [("2024-03.html", "first"), ("2024-03.html", "second"), ("2024-03-p3.html", "fifth")] {
            #expect(
                try String(contentsOf: archive.appendingPathComponent("c/c1/" + path), encoding: .utf8).contains(">\(text)</div>"),
                "\(text)")
        }
        #expect(try Self.record(archive, "3") == Self.damaged, "the damaged record stays as it is")

        // An input holding message 3 again replaces the record that does not read back, though the
        // archive has read these very bytes before.
        let repair = try ParleyProcess.run(["render", full] + paris)
        #expect(repair.code == 0)
        #expect(
            repair.errors
                == "parley: warning: \(full): channel general, message 3: the archive's copy does not read back ("
                + archive.path
                + "/.parley/archive.sqlite, byte 0 of the record: expected valid JSON: Unexpected end of file during JSON parse.); "
                + "this input's copy replaces it\n")
        #expect(
            repair.output.contains("Archive update: 0 new messages, 1 changed, 5 kept from earlier renders; 1 page rewritten, 4 unchanged.")
        )
        let repaired = try String(contentsOf: archive.appendingPathComponent("c/c1/2024-03-p2.html"), encoding: .utf8)
        #expect(repaired.contains(#"<div class="msg-text" data-slot="text" dir="auto">third</div>"#))
        #expect(!repaired.contains("could not be read"))
        #expect(try Self.record(archive, "3")?.contains(#""content":"third""#) == true)
    }

    /// A WhatsApp chat, whose messages have no source digests: once a render has met the damaged
    /// record, the same chat read again replaces it (its copy is compared with the record, not
    /// taken as identical by the record digest the row had when it was written).
    @Test func aDamagedRecordOfAChatWithoutSourceDigestsIsReplacedByTheSameChat() throws {
        let folder = TestPaths.temporaryFolder()
        let chat = folder.appendingPathComponent("chat.txt")
        try """
        13/03/2024, 00:10 - Ana: first
        13/03/2024, 00:20 - Ana: second
        13/03/2024, 00:30 - Ben: third
        13/03/2024, 00:40 - Ana: fourth

        """.write(to: chat, atomically: true, encoding: .utf8)
        let archive = folder.appendingPathComponent("archive")
        let store = archive.appendingPathComponent(".parley/archive.sqlite").path
        let options = ["-o", archive.path, "--messages-per-page", "2", "--timezone", "UTC"]
        #expect(try ParleyProcess.run(["render", chat.path] + options).code == 0)
        var id = ""
        try SQLiteConnection(path: store).query("SELECT id FROM messages WHERE record LIKE '%\"third\"%'") { id = $0.text(0) }
        #expect(id.count == 21)
        try SQLiteConnection(path: store).execute("UPDATE messages SET record = '\(Self.damaged)' WHERE id = '\(id)'")
        // Pages rendered again (three messages a page; another time zone would change a chat's
        // timestamps, and so its records): the render meets the damaged record.
        let three = ["-o", archive.path, "--messages-per-page", "3", "--timezone", "UTC"]
        let met = try ParleyProcess.run(["render", chat.path] + three)
        #expect(met.code == 0)
        #expect(met.errors.contains("message \(id): its stored record does not read back"))
        let repair = try ParleyProcess.run(["render", chat.path] + three)
        #expect(repair.code == 0)
        #expect(
            repair.errors.hasSuffix(
                "message \(id): the archive's copy does not read back (\(store), byte 0 of the record: expected valid JSON: Unexpected end of file during JSON parse.); this input's copy replaces it\n"
            ))
        #expect(repair.output.contains("Archive update: 0 new messages, 1 changed, 4 kept from earlier renders;"))
        var record = ""
        try SQLiteConnection(path: store).query("SELECT record FROM messages WHERE id = ?", [.text(id)]) { record = $0.text(0) }
        #expect(record.contains(#""content":"third""#))
    }
}
