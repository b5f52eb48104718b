import Foundation
import ParleyTestSupport
import Testing

/// `parley render` holds neither an input's messages nor the archive's: rendering five times as
/// many messages grows the peak resident memory by less than a fixed margin (the batches it
/// stages and renders have a fixed size), where holding the messages would grow it by tens of
/// megabytes.
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
        arguments: ["discord", "telegram", "whatsapp", "sms"])
    func fiveTimesTheMessagesInBoundedMemory(format: String) throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var peaks: [Int] = []
        for count in [5000, 25_000] {
            let (text, name): (String, String)
            switch format {
            case "discord": (text, name) = (Self.export(count), "export-\(count).json")
            case "telegram": (text, name) = (Self.telegram(count), "export-\(count).json")
            case "whatsapp": (text, name) = (Self.whatsApp(count), "WhatsApp Chat with Team \(count).txt")
            default: (text, name) = (Self.smsBackup(count), "sms-\(count).xml")
            }
            let input = try ArchiveUpdateTests.write(text, name, in: folder)
            let archive = folder.appendingPathComponent("archive-\(count)")
            let outcome = try ParleyProcess.run(["render", input, "-o", archive.path, "--messages-per-page", "100", "--stats", "-q"])
            #expect(outcome.code == 0, "\(outcome.errors)")
            #expect(outcome.errors.contains(" messages=\(count) "))
            peaks.append(try #require(Self.peak(outcome.errors)))
        }
        #expect(
            peaks[1] - peaks[0] < 8 << 20, "\(format): peak resident memory \(peaks[0]) → \(peaks[1]) bytes for 5,000 → 25,000 messages")
    }
}
