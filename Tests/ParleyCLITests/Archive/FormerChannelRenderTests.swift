import Foundation
import ParleyServerTestSupport
import ParleyStore
import ParleyTestSupport
import Testing

/// An archive an earlier Parley made, under the channel ids it gave, rendered again from the same
/// export: each message the export still holds moves to the channel this Parley gives it (once, no
/// duplicate), a former channel left empty is retired and its pages redirect to its successor's,
/// the summary says what moved, and a second render changes nothing.
///
/// The earlier archives are made from the Parley JSON Lines that Parley before the id changes
/// wrote for the same exports (the fixtures' `former-ids` folder): the same message ids under the
/// old channel ids, byte for byte.
@Suite struct FormerChannelRenderTests {
    static func run(_ arguments: [String]) -> TelegramRenderTests.Run { TelegramRenderTests.run(arguments) }

    /// Writes `text` to `name` below `folder` (creating folders); returns its path.
    static func write(_ text: String, _ name: String, in folder: URL) throws -> String {
        let file = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// Renders `input` into `archive`, expecting success; returns the summary.
    static func render(_ input: String, into archive: URL) -> String {
        let run = Self.run(["render", input, "-o", archive.path])
        #expect(run.code == 0, "\(run.errors)")
        return run.output
    }

    /// The number of messages the archive's store holds in each of `channels`, and in all.
    static func counts(_ archive: URL, _ channels: [String]) throws -> [Int] {
        let store = try ArchiveStore(path: archive.appendingPathComponent(".parley/archive.sqlite").path) {
            (_, _) throws(StoreError) in throw .failed(path: "", reason: "no migration expected")
        }
        return try channels.map { try store.messageCount(channel: $0) } + [try store.messageCount()]
    }

    static func page(_ archive: URL, _ path: String) throws -> String {
        try String(contentsOf: archive.appendingPathComponent(path), encoding: .utf8)
    }

    /// Whether the page at `path` redirects to `target`.
    static func redirects(_ archive: URL, _ path: String, to target: String) throws -> Bool {
        let html = try page(archive, path)
        return html.contains("<meta http-equiv=\"refresh\" content=\"0; url=\(target)\">")
            && html.contains("<link rel=\"canonical\" href=\"\(target)\">")
    }

    static func unchanged(
        _ messages: Int, _ channels: Int, pages: Int, kept: Int, redirects: Int = 0, merged: [String], archive: URL
    ) -> String {
        "Rendered \(messages) messages in \(channels) channel\(channels == 1 ? "" : "s") to \(pages) pages.\n"
            + "Archive update: 0 new messages, 0 changed, \(kept) kept from earlier renders; 0 pages rewritten, \(pages) unchanged.\n"
            + merged.map { $0 + "\n" }.joined()
            + (redirects > 0 ? "\(redirects) pages of earlier renders now redirect to their channel's new folder.\n" : "")
            + "Open \(archive.path)/index.html\n"
    }

    // MARK: Telegram forum topics (97170bd)

    /// The file `name` of the fixtures' `former-ids` folder (`README.md` there says where each comes from).
    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: TestPaths.fixture("former-ids/" + name), encoding: .utf8)
    }

    /// A new folder holding `archive`, an archive rendered from the fixture `name` (an earlier
    /// Parley's output).
    static func archiveAsBefore(_ name: String) throws -> (folder: URL, archive: URL) {
        let folder = TestPaths.temporaryFolder()
        let archive = folder.appendingPathComponent("archive")
        _ = Self.render(try Self.write(try Self.fixture(name), "before.jsonl", in: folder), into: archive)
        return (folder, archive)
    }

    /// The group keeps its id and the messages outside the topic; the topic's two messages move
    /// (their records change too: they no longer reply to the topic's creation). The group stays a
    /// channel of the archive, so its pages stay and nothing redirects.
    @Test func telegramTopicMessagesMoveOutOfTheGroup() throws {
        let (folder, archive) = try Self.archiveAsBefore("telegram-forum-before.jsonl")
        #expect(try Self.counts(archive, ["4242", "4242-topic-3"]) == [6, 0, 6])
        let input = try Self.write(try Self.fixture("telegram-forum.json"), "result.json", in: folder)
        #expect(
            Self.render(input, into: archive)
                == "Rendered 6 messages in 2 channels to 5 pages.\n"
                + "Archive update: 0 new messages, 2 changed, 6 kept from earlier renders; 5 pages rewritten, 0 unchanged.\n"
                + "Moved 2 messages from channel \"Forum Club\" to channel \"Ideas\", where this Parley puts them.\n"
                + "Merged in channel Forum Club: 4 messages already in the archive (1 replaced by a copy with the same edit time, 3 identical).\n"
                + "Merged in channel Ideas: 2 messages already in the archive (1 replaced by a copy with the same edit time, 1 identical).\n"
                + "Open \(archive.path)/index.html\n")
        #expect(try Self.counts(archive, ["4242", "4242-topic-3"]) == [4, 2, 6])
        #expect(HTMLScan.articleIDs(try Self.page(archive, "c/4242/2024-02.html")) == ["m-1", "m-2", "m-3", "m-6"])
        #expect(HTMLScan.articleIDs(try Self.page(archive, "c/4242-topic-3/2024-02.html")) == ["m-4", "m-5"])
        #expect(
            Self.render(input, into: archive)
                == Self.unchanged(
                    6, 2, pages: 5, kept: 6,
                    merged: [
                        "Merged in channel Forum Club: 4 messages already in the archive (4 identical).",
                        "Merged in channel Ideas: 2 messages already in the archive (2 identical).",
                    ], archive: archive))
        #expect(try Self.counts(archive, ["4242", "4242-topic-3"]) == [4, 2, 6])
    }

    // MARK: WhatsApp iOS `_chat.txt` (a9a7cd1)

    /// The chat as an unzipped iOS export, in the folder that names it.
    static func chat(in folder: URL) throws -> String {
        try Self.write(try Self.fixture("whatsapp-_chat.txt"), "WhatsApp Chat - Ana/_chat.txt", in: folder)
    }

    /// Every message moves; the old channel is retired (no page of its own) and its pages redirect.
    @Test func whatsAppChatTxtMovesToTheChannelNamedAfterItsFolder() throws {
        let (folder, archive) = try Self.archiveAsBefore("whatsapp-chat-before.jsonl")
        let input = try Self.chat(in: folder)
        #expect(
            Self.render(input, into: archive)
                == "Rendered 3 messages in 1 channel to 3 pages.\n"
                + "Archive update: 0 new messages, 0 changed, 3 kept from earlier renders; 3 pages rewritten, 0 unchanged.\n"
                + "Moved 3 messages from channel \"_chat\" to channel \"Ana\", where this Parley puts them.\n"
                + "Merged in channel Ana: 3 messages already in the archive (3 identical).\n"
                + "2 pages of earlier renders now redirect to their channel's new folder.\n"
                + "Open \(archive.path)/index.html\n")
        try expectMovedChat(archive)
        #expect(
            Self.render(input, into: archive)
                == Self.unchanged(
                    3, 1, pages: 3, kept: 3, redirects: 2,
                    merged: ["Merged in channel Ana: 3 messages already in the archive (3 identical)."],
                    archive: archive))
        try expectMovedChat(archive)
    }

    func expectMovedChat(_ archive: URL) throws {
        #expect(try Self.counts(archive, ["whatsapp:Ana", "whatsapp:_chat"]) == [3, 0, 3])
        #expect(try Self.redirects(archive, "c/whatsapp.3A_chat/2024-02.html", to: "../whatsapp.3AAna/2024-02.html"))
        #expect(try Self.redirects(archive, "c/whatsapp.3A_chat/index.html", to: "../whatsapp.3AAna/index.html"))
        #expect(
            HTMLScan.articleIDs(try Self.page(archive, "c/whatsapp.3AAna/2024-02.html")) == [
                "m-0000-9c9759a1d6a315a6", "m-0000-7ffd38561291fdbf", "m-0000-345da670b0f2f64f",
            ])
        #expect(!(try Self.page(archive, "index.html")).contains("whatsapp.3A_chat"))
    }

    /// The earlier Parley's output and the chat rendered together into a new archive: the second
    /// input's messages move out of the first's channel, which is retired although an input holds it.
    @Test func anEarlierOutputAndTheChatRenderedTogetherGiveOneChannel() throws {
        let folder = TestPaths.temporaryFolder()
        let archive = folder.appendingPathComponent("archive")
        let before = try Self.write(try Self.fixture("whatsapp-chat-before.jsonl"), "before.jsonl", in: folder)
        let run = Self.run(["render", before, try Self.chat(in: folder), "-o", archive.path])
        #expect(run.code == 0, "\(run.errors)")
        #expect(
            run.output
                == "Rendered 3 messages in 1 channel to 3 pages.\n"
                + "Moved 3 messages from channel \"_chat\" to channel \"Ana\", where this Parley puts them.\n"
                + "Merged in channel Ana: 3 messages already in the archive (3 identical).\n"
                + "Open \(archive.path)/index.html\n")
        #expect(try Self.counts(archive, ["whatsapp:Ana", "whatsapp:_chat"]) == [3, 0, 3])
    }

    /// An archive rendered by a Parley that changed the id without moving anything holds each
    /// message twice; the next render keeps one copy of each.
    @Test func copiesInBothChannelsBecomeOne() throws {
        let folder = TestPaths.temporaryFolder()
        let archive = folder.appendingPathComponent("archive")
        let before = try Self.fixture("whatsapp-chat-before.jsonl")
        let both = try Self.write(before, "before.jsonl", in: folder)
        let renamed = try Self.write(
            before.replacingOccurrences(of: "whatsapp:_chat", with: "whatsapp:Ana").replacingOccurrences(of: "\"_chat\"", with: "\"Ana\""),
            "renamed.jsonl", in: folder)
        #expect(Self.run(["render", both, renamed, "-o", archive.path, "--quiet"]).code == 0)
        #expect(try Self.counts(archive, ["whatsapp:Ana", "whatsapp:_chat"]) == [3, 3, 6])
        let output = Self.render(try Self.chat(in: folder), into: archive)
        #expect(output.contains("Moved 3 messages from channel \"_chat\" to channel \"Ana\", where this Parley puts them.\n"))
        try expectMovedChat(archive)
    }

    // MARK: SMS numbers written several ways (f283edc)

    /// Ana is written three ways (the last already in E.164 form, the merged channel's id). Message
    /// ids hash the number as written, so they did not change: both moved messages are found.
    /// "zero", which the backup no longer holds, stays in its old channel, which therefore stays
    /// (with its pages) and is reported; the emptied one is retired and redirects. "one" is also
    /// changed: its sender is now written in E.164 form; and every message the backup holds again
    /// now says whether it was sent or received (`outgoing`), which the earlier records lack. The
    /// backup names its app, which the earlier header did not: every page of the channels it
    /// holds, Cy's too, and the index now link the SMS theme, so none is unchanged.
    @Test func smsSpellingsMoveToTheMergedConversationAndWhatTheBackupLacksStays() throws {
        let (folder, archive) = try Self.archiveAsBefore("sms-before.jsonl")
        let channels = ["sms:+14155550199", "sms:4155550199", "sms:14155550199", "sms:+442079460000"]
        #expect(try Self.counts(archive, channels) == [1, 2, 1, 1, 5])
        let input = try Self.write(try Self.fixture("sms.xml"), "sms-20240301.xml", in: folder)
        #expect(
            Self.render(input, into: archive)
                == "Rendered 5 messages in 3 channels to 7 pages.\n"
                + "Archive update: 0 new messages, 4 changed, 5 kept from earlier renders; 7 pages rewritten, 0 unchanged.\n"
                + "Moved 1 message from channel \"Ana\" (sms:4155550199) to channel \"Ana\" (sms:+14155550199), "
                + "where this Parley puts it.\n"
                + "Moved 1 message from channel \"Ana\" (sms:14155550199) to channel \"Ana\" (sms:+14155550199), "
                + "where this Parley puts it.\n"
                + "Channel \"Ana\" (sms:4155550199) keeps 1 message that the inputs do not hold in channel \"Ana\" (sms:+14155550199) "
                + "(deleted upstream, or its id changed too).\n"
                + "Merged in channel Ana: 3 messages already in the archive (3 replaced by a copy with the same edit time).\n"
                + "Merged in channel Cy: 1 message already in the archive (1 replaced by a copy with the same edit time).\n"
                + "2 pages of earlier renders now redirect to their channel's new folder.\n"
                + "Open \(archive.path)/index.html\n")
        #expect(try Self.counts(archive, channels) == [3, 1, 0, 1, 5])
        #expect(
            HTMLScan.articleIDs(try Self.page(archive, "c/sms.3A.2B14155550199/2024-03.html")) == [
                "m-0000-4c8a40185ae362ec", "m-0000-373c19498c0a2a6a", "m-0000-e92e888c28eb5bbd",
            ])
        #expect(HTMLScan.articleIDs(try Self.page(archive, "c/sms.3A4155550199/2024-03.html")) == ["m-0000-2861995156823971"])
        #expect(try Self.redirects(archive, "c/sms.3A14155550199/2024-03.html", to: "../sms.3A.2B14155550199/2024-03.html"))
        #expect(try Self.redirects(archive, "c/sms.3A14155550199/index.html", to: "../sms.3A.2B14155550199/index.html"))
        let again = Self.render(input, into: archive)
        #expect(
            again
                == "Rendered 5 messages in 3 channels to 7 pages.\n"
                + "Archive update: 0 new messages, 0 changed, 5 kept from earlier renders; 0 pages rewritten, 7 unchanged.\n"
                + "Merged in channel Ana: 3 messages already in the archive (3 identical).\n"
                + "Merged in channel Cy: 1 message already in the archive (1 identical).\n"
                + "2 pages of earlier renders now redirect to their channel's new folder.\n"
                + "Open \(archive.path)/index.html\n")
        #expect(try Self.counts(archive, channels) == [3, 1, 0, 1, 5])
    }
}
