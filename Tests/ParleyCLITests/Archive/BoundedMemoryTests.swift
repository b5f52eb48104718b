import Foundation
import ParleyTestSupport
import Testing

/// `parley render` holds neither an input's messages nor the archive's: rendering five times as
/// many messages grows the peak resident memory by less than a fixed margin (the batches it
/// stages and renders have a fixed size, the search index's terms spill past theirs), where
/// holding the messages would grow it by tens of megabytes. The smaller render has 25,000
/// messages: enough that the structures of fixed size are in use whole at both sizes (the
/// store's 16 MiB filter of ids, whose pages are touched as ids arrive — about 70 % of them by
/// 5,000 ids —, and SQLite's sorter, which builds the index by id in runs of 2 MB). The margin,
/// 24 MB for 100,000 more messages (about 250 bytes a message), is half of what holding each
/// message's record or model would add (about 500 bytes to 2 KB a message), and above what is
/// held by design — a Matrix export's relations until they are applied (15 % of the generated
/// events; its peak grew by 5.5–8.5 MB) — with what the threads' timing adds to one run's peak:
/// the larger render's peak varies by up to 9 MB from run to run (Slack 75.8–84.5 MB, ChatGPT
/// 76.4–79.8 MB), most among the other tests, where Slack's grew by 16.7 MB and ChatGPT's by
/// 13.6 MB (5.3–9.4 MB in runs of this test alone); 12 MB, the margin until then, failed.
@Suite struct BoundedMemoryTests {
    /// A Telegram Desktop export of one chat of `count` generated messages, three a minute from
    /// 2024-01-01, seven authors taking turns.
    static func telegram(_ count: Int) -> String {
        var text = #"{"name": "Team", "type": "private_group", "id": 4242, "messages": ["#
        text.reserveCapacity(count * 260)
        for index in 0..<count {
            if index > 0 { text += ",\n" }
            text +=
                #"{"id": \#(index + 1), "type": "message", "date_unixtime": "\#(1_704_067_200 + index * 20)", "#
                + #""from": "Person \#(index % 7)", "from_id": "user\#(100 + index % 7)", "#
                + #""text": "message number \#(index) with a few more words, so that a page is like a real one"}"#
        }
        return text + "]}"
    }

    /// A DiscordChatExporter export of `count` generated messages, three a minute from
    /// 2024-01-01, seven authors taking turns.
    static func export(_ count: Int) -> String {
        var text =
            #"{"guild": {"id": "1", "name": "Guild"}, "channel": {"id": "9", "type": "GuildTextChat", "name": "general"}, "messages": ["#
        text.reserveCapacity(count * 420)
        for index in 0..<count {
            let minute = index / 3, second = index % 3 * 20
            let time = String(
                format: "2024-%02d-%02dT%02d:%02d:%02d.000+00:00", 1 + minute / 40_320, 1 + minute / 1440 % 28, minute / 60 % 24,
                minute % 60, second)
            if index > 0 { text += ",\n" }
            text +=
                #"{"id": "\#(800_000_000_000_000_000 + index)", "type": "Default", "timestamp": "\#(time)", "timestampEdited": null, "#
                + #""content": "message number \#(index) with a few more words, so that a page is like a real one", "#
                + #""author": {"id": "\#(100 + index % 7)", "name": "person\#(index % 7)", "nickname": "Person \#(index % 7)", "#
                + ##""color": "#e67e22", "isBot": false, "avatarUrl": "https://cdn.example/avatar.png"}, "reactions": []}"##
        }
        return text + "]}"
    }

    /// A Slack export folder of `count` generated messages, written into `folder`, after
    /// `../shared/bench/gen_slack.py` and Slack's "Export data": `users.json` (seven people with
    /// profiles), `channels.json` (two channels) and one day file per channel and UTC day from
    /// 2024-01-01, 125 messages each, four minutes apart (with `client_msg_id`, `blocks`,
    /// `user_profile`); every tenth message a thread's root (`reply_count`, `replies`) followed
    /// by three replies (`thread_ts`, `parent_user_id`), every seventh with reactions, every
    /// thirtieth edited. Returns the folder's path.
    static func slack(_ count: Int, in folder: URL) throws -> String {
        let root = folder.appendingPathComponent("slack-\(count)")
        let users = (0..<7).map { person in
            #"{"id": "U0000000\#(person)", "name": "person\#(person)", "real_name": "Person \#(person)", "color": "e67e22", "#
                + #""profile": {"display_name": "P\#(person)", "real_name": "Person \#(person)", "#
                + #""image_72": "https://avatars.example/\#(person)_72.png"}, "is_bot": false}"#
        }
        let channels = [("C00000001", "general"), ("C00000002", "engineering")]
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("[\(users.joined(separator: ", "))]".utf8).write(to: root.appendingPathComponent("users.json"))
        let list = channels.map { #"{"id": "\#($0.0)", "name": "\#($0.1)", "topic": {"value": "Talk"}, "purpose": {"value": ""}}"# }
        try Data("[\(list.joined(separator: ", "))]".utf8).write(to: root.appendingPathComponent("channels.json"))
        var written = 0, day = 0
        while written < count {
            for (_, name) in channels where written < count {
                let size = min(125, count - written)
                let start = 1_704_067_200 + day * 86_400 + 7 * 3600
                let ts = (0..<size).map { "\(start + $0 * 240).\(String(format: "%06d", 100 + $0))" }
                var messages: [String] = []
                for index in 0..<size {
                    let person = (written + index) % 7
                    var fields =
                        #""client_msg_id": "\#(String(format: "%08d", written + index))-0000-4000-8000-000000000000", "type": "message", "#
                        + #""text": "message number \#(written + index) with a few more words, so that a page is like a real one", "#
                        + #""user": "U0000000\#(person)", "ts": "\#(ts[index])", "blocks": [{"type": "rich_text", "block_id": "b\#(index)", "#
                        + #""elements": [{"type": "rich_text_section", "elements": [{"type": "text", "text": "message"}]}]}], "#
                        + #""user_profile": {"display_name": "P\#(person)", "real_name": "Person \#(person)", "name": "person\#(person)"}"#
                    let thread = index - index % 10
                    if index % 10 == 0, index + 3 < size {
                        let replies = (1...3).map { #"{"user": "U0000000\#((written + index + $0) % 7)", "ts": "\#(ts[index + $0])"}"# }
                        fields += #", "thread_ts": "\#(ts[index])", "reply_count": 3, "replies": [\#(replies.joined(separator: ", "))]"#
                    } else if (1...3).contains(index % 10), thread + 3 < size {
                        fields += #", "thread_ts": "\#(ts[thread])", "parent_user_id": "U0000000\#((written + thread) % 7)""#
                    }
                    if index % 7 == 0 { fields += #", "reactions": [{"name": "+1", "users": ["U00000001", "U00000002"], "count": 2}]"# }
                    if index % 30 == 0 {
                        fields += #", "edited": {"user": "U0000000\#(person)", "ts": "\#(start + index * 240 + 60).000000"}"#
                    }
                    messages.append("{\(fields)}")
                }
                let file = root.appendingPathComponent(
                    "\(name)/\(Self.utcDay.string(from: Date(timeIntervalSince1970: Double(start)))).json")
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data("[\n\(messages.joined(separator: ",\n"))\n]".utf8).write(to: file)
                written += size
            }
            day += 1
        }
        return root.path
    }

    /// A day file's name: `yyyy-MM-dd` in UTC.
    static var utcDay: DateFormatter {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter
    }

    /// A ChatGPT `conversations.json` of `count` generated messages: 100 conversations (each
    /// conversation is a channel, and the archive keeps what it shows of every channel: their
    /// number stays the same as the messages grow) of `count / 100` nodes under a root without a
    /// message, the user and ChatGPT taking turns, 20 s apart from 2024-01-01.
    static func chatGPT(_ count: Int) -> String {
        var text = "["
        text.reserveCapacity(count * 380)
        let size = max(1, count / 100)
        for start in stride(from: 0, to: count, by: size) {
            let nodes = start..<min(start + size, count)
            if start > 0 { text += ",\n" }
            text +=
                #"{"title": "Conversation \#(start / size)", "create_time": \#(1_704_067_200 + start * 20).0, "#
                + #""conversation_id": "c\#(start)", "current_node": "n\#(nodes.upperBound - 1)", "mapping": {"#
                + #""root\#(start)": {"id": "root\#(start)", "message": null, "parent": null, "children": ["n\#(start)"]}"#
            for index in nodes {
                let role = index % 2 == 0 ? "user" : "assistant"
                let parent = index == start ? "root\(start)" : "n\(index - 1)"
                let children = index + 1 < nodes.upperBound ? #"["n\#(index + 1)"]"# : "[]"
                text +=
                    #", "n\#(index)": {"id": "n\#(index)", "message": {"id": "n\#(index)", "author": {"role": "\#(role)", "#
                    + #""metadata": {}}, "create_time": \#(1_704_067_200 + index * 20).0, "content": {"content_type": "text", "#
                    + #""parts": ["message number \#(index) with a few more words, so that a page is like a real one"]}, "#
                    + #""metadata": {}, "recipient": "all"}, "parent": "\#(parent)", "children": \#(children)}"#
            }
            text += "}}"
        }
        return text + "]"
    }

    /// An Element room export of `count` generated messages, three a minute from 2024-01-01,
    /// seven members taking turns; every tenth message is reacted to and every twentieth edited
    /// by an event right after it.
    static func matrix(_ count: Int) -> String {
        var text = #"{"room_name": "Team", "room_creator": "@person0:example.org", "topic": "", "export_date": "1/1/2024", "#
        text += #""exported_by": "@person0:example.org", "messages": ["#
        text.reserveCapacity(count * 380)
        for index in 0..<count {
            let sender = "@person\(index % 7):example.org", time = 1_704_067_200_000 + index * 20_000
            let head = #"{"type": "m.room.message", "room_id": "!team:example.org", "sender": "\#(sender)", "#
            if index > 0 { text += ",\n" }
            text +=
                head + #""origin_server_ts": \#(time), "event_id": "$m\#(index)", "#
                + #""content": {"msgtype": "m.text", "body": "message number \#(index) with a few more words, so that a page is like a real one"}}"#
            if index % 10 == 0 {
                text +=
                    ",\n" + #"{"type": "m.reaction", "room_id": "!team:example.org", "sender": "@person9:example.org", "#
                    + #""origin_server_ts": \#(time + 1), "event_id": "$r\#(index)", "#
                    + #""content": {"m.relates_to": {"rel_type": "m.annotation", "event_id": "$m\#(index)", "key": "👍"}}}"#
            }
            if index % 20 == 0 {
                text +=
                    ",\n" + head + #""origin_server_ts": \#(time + 2), "event_id": "$e\#(index)", "content": {"msgtype": "m.text", "#
                    + #""body": "* message number \#(index), edited", "m.new_content": {"msgtype": "m.text", "#
                    + #""body": "message number \#(index), edited"}, "m.relates_to": {"rel_type": "m.replace", "event_id": "$m\#(index)"}}}"#
            }
        }
        return text + "]}"
    }

    /// A WhatsApp Android chat export of `count` generated messages, three a minute from
    /// 2024-01-01, seven authors taking turns, every tenth message with a continuation line.
    static func whatsApp(_ count: Int) -> String {
        var text = ""
        text.reserveCapacity(count * 110)
        for index in 0..<count {
            let minute = index / 3
            let time = String(
                format: "%02d/%02d/2024, %02d:%02d", 1 + minute / 1440 % 28, 1 + minute / 40_320, minute / 60 % 24, minute % 60)
            text += "\(time) - Person \(index % 7): message number \(index) with a few more words, so that a page is like a real one\n"
            if index % 10 == 0 { text += "and a second line\n" }
        }
        return text
    }

    /// An SMS Backup & Restore file of `count` generated messages, one every 20 seconds from
    /// 2024-01-01, in seven conversations taking turns, every third sent by the owner.
    static func smsBackup(_ count: Int) -> String {
        var text = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<smses count=\"\(count)\">\n"
        text.reserveCapacity(count * 200)
        for index in 0..<count {
            text +=
                #"  <sms protocol="0" address="+1555010\#(1000 + index % 7)" date="\#(1_704_067_200_000 + index * 20_000)" "#
                + #"type="\#(index % 3 == 0 ? 2 : 1)" body="message number \#(index) with a few more words, so that a page is like a real one" "#
                + #"read="1" status="-1" contact_name="Person \#(index % 7)" />"# + "\n"
        }
        return text + "</smses>\n"
    }

    /// The `peak_rss=` of a `--stats` line, in bytes.
    static func peak(_ errors: String) -> Int? {
        errors.split(separator: " ").first { $0.hasPrefix("peak_rss=") }.flatMap { Int($0.dropFirst(9).prefix { $0.isNumber }) }
    }

    @Test(
        .disabled(if: Sanitizer.name != nil, "a sanitizer's shadow memory and quarantine make peak memory meaningless"),
        arguments: ["discord", "telegram", "slack", "chatgpt", "matrix", "whatsapp", "sms"])
    func fiveTimesTheMessagesInBoundedMemory(format: String) throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var peaks: [Int] = []
        for count in [25_000, 125_000] {
            let input =
                switch format {
                case "slack": try Self.slack(count, in: folder)
                case "discord": try ArchiveUpdateTests.write(Self.export(count), "export-\(count).json", in: folder)
                case "telegram": try ArchiveUpdateTests.write(Self.telegram(count), "export-\(count).json", in: folder)
                case "chatgpt": try ArchiveUpdateTests.write(Self.chatGPT(count), "export-\(count).json", in: folder)
                case "matrix": try ArchiveUpdateTests.write(Self.matrix(count), "export-\(count).json", in: folder)
                case "whatsapp": try ArchiveUpdateTests.write(Self.whatsApp(count), "WhatsApp Chat with Team \(count).txt", in: folder)
                default: try ArchiveUpdateTests.write(Self.smsBackup(count), "sms-\(count).xml", in: folder)
                }
            let archive = folder.appendingPathComponent("archive-\(count)")
            let outcome = try ParleyProcess.run(["render", input, "-o", archive.path, "--messages-per-page", "100", "--stats", "-q"])
            #expect(outcome.code == 0, "\(outcome.errors)")
            #expect(outcome.errors.contains(" messages=\(count) "))
            peaks.append(try #require(Self.peak(outcome.errors)))
        }
        #expect(
            peaks[1] - peaks[0] < 24 << 20, "\(format): peak resident memory \(peaks[0]) → \(peaks[1]) bytes for 25,000 → 125,000 messages")
    }

    /// An SMS backup of `count` MMS, each with an 11 MiB base64 video part (past libxml2's 10 MB
    /// per node) and followed by an SMS.
    static func largeParts(_ count: Int) -> String {
        let video = Array(repeating: String(repeating: "QUJD", count: 19), count: (11 << 20) / 76).joined(separator: "\n")
        var text = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n<smses count=\"\(2 * count)\">\n"
        for index in 0..<count {
            let date = 1_709_287_200_000 + index * 60_000
            text +=
                #"  <mms date="\#(date)" msg_box="1" address="+14155550199" contact_name="Alex"><parts>"#
                + #"<part seq="0" ct="text/plain" text="clip \#(index)" /><part seq="1" ct="video/mp4" cl="v\#(index).mp4" data=""#
                + video + #"" /></parts><addrs><addr address="+14155550199" type="137" charset="106" /></addrs></mms>"# + "\n"
                + #"  <sms address="+14155550199" date="\#(date + 30_000)" type="1" body="after \#(index)" />"# + "\n"
        }
        return text + "</smses>\n"
    }

    @Test(.disabled(if: Sanitizer.name != nil, "a sanitizer's shadow memory and quarantine make peak memory meaningless"))
    func largeMMSPartsInBoundedMemory() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var peaks: [Int] = []
        for count in [1, 4] {
            let input = try ArchiveUpdateTests.write(Self.largeParts(count), "sms-\(count).xml", in: folder)
            let archive = folder.appendingPathComponent("archive-\(count)")
            let outcome = try ParleyProcess.run(["render", input, "-o", archive.path, "--stats", "-q"])
            #expect(outcome.code == 0, "\(outcome.errors)")
            #expect(outcome.errors.contains(" messages=\(2 * count) "))
            peaks.append(try #require(Self.peak(outcome.errors)))
        }
        #expect(peaks[1] - peaks[0] < 8 << 20, "peak resident memory \(peaks[0]) → \(peaks[1]) bytes for one → four 11 MiB parts")
    }

    /// A WhatsApp zip whose chat names one video of `megabytes` MiB (seeded noise behind an MP4
    /// header: it does not compress, so the zip holds all of it).
    static func zipWithVideo(megabytes: Int, in folder: URL) throws -> URL {
        let work = folder.appendingPathComponent("zip-\(megabytes)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let chat = work.appendingPathComponent("_chat.txt")
        try Data("[3/15/24, 09:15:02] Ana: \u{200E}<attached: 00000001-VIDEO-2024-03-15-09-15-02.mp4>\n".utf8).write(to: chat)
        var random = SeededRandom(seed: UInt64(megabytes))
        var video = Data([0, 0, 0, 0x18] + Array("ftypmp42".utf8))
        video.append(contentsOf: (0..<(megabytes << 17)).flatMap { _ in withUnsafeBytes(of: random.next()) { Array($0) } })
        let file = work.appendingPathComponent("00000001-VIDEO-2024-03-15-09-15-02.mp4")
        try video.write(to: file)
        let zip = work.appendingPathComponent("WhatsApp Chat - Ana.zip")
        let outcome = try ParleyProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-m", "zipfile", "-c", zip.path, chat.path, file.path])
        #expect(outcome.code == 0, "\(outcome.errors)")
        try FileManager.default.removeItem(at: chat)
        try FileManager.default.removeItem(at: file)
        return zip
    }

    @Test(.disabled(if: Sanitizer.name != nil, "a sanitizer's shadow memory and quarantine make peak memory meaningless"))
    func largeZipMediaInBoundedMemory() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var peaks: [Int] = []
        for megabytes in [8, 96] {
            let zip = try Self.zipWithVideo(megabytes: megabytes, in: folder)
            let archive = folder.appendingPathComponent("archive-\(megabytes)")
            let outcome = try ParleyProcess.run(["render", zip.path, "-o", archive.path, "--stats", "-q"])
            #expect(outcome.code == 0, "\(outcome.errors)")
            let media = try FileManager.default.contentsOfDirectory(atPath: archive.appendingPathComponent("media").path)
            #expect(media.count == 1 && media[0].hasSuffix(".mp4"))
            let size = try FileManager.default.attributesOfItem(atPath: archive.appendingPathComponent("media/" + media[0]).path)[.size]
            #expect(size as? Int == (megabytes << 20) + 12)
            peaks.append(try #require(Self.peak(outcome.errors)))
        }
        #expect(peaks[1] - peaks[0] < 16 << 20, "peak resident memory \(peaks[0]) → \(peaks[1]) bytes for an 8 → 96 MiB video in the zip")
    }
}
