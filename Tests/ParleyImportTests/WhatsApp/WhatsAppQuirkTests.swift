import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// The quirks of real WhatsApp exports (issue 16 G), each on inputs written like the real formats:
/// wall-clock times taken in `--timezone`, system lines written with a name before them, iOS chats
/// that are all `_chat.txt`, and a date order that is only a guess.
@Suite("WhatsApp quirks")
struct WhatsAppQuirkTests {
    static func read(
        _ text: String, file: String = "WhatsApp Chat with Ana.txt", zone: String = "UTC", me: String? = nil
    ) throws -> ImportResult {
        var options = ImportOptions(me: me)
        options.timeZone = try #require(TimeZone(identifier: zone))
        return try WhatsAppImporter(options: options).importTranscript(Data(text.utf8), file: file)
    }

    // MARK: wall-clock times

    /// New York: summer (EDT, −4), winter (EST, −5), the overlap of 2023-11-05 01:00–02:00 and the
    /// gap of 2023-03-12 02:00–03:00.
    static let clockChat = """
        2023/07/01, 09:30 - Ana: summer
        2023/12/01, 09:30 - Bo: winter
        2023/11/05, 01:30 - Ana: in the repeated hour
        2023/03/12, 02:30 - Bo: in the skipped hour

        """

    @Test("times are taken in --timezone: an overlap's earlier instant, a gap's offset before it")
    func wallClockInstants() throws {
        let utc = try Self.read(Self.clockChat).transcript.channels[0].messages
        let newYork = try Self.read(Self.clockChat, zone: "America/New_York").transcript.channels[0].messages
        #expect(
            utc.map(\.timestamp.description) == [
                "2023-07-01T09:30:00.000Z", "2023-12-01T09:30:00.000Z", "2023-11-05T01:30:00.000Z", "2023-03-12T02:30:00.000Z",
            ])
        #expect(
            newYork.map(\.timestamp.description) == [
                "2023-07-01T13:30:00.000Z", "2023-12-01T14:30:00.000Z", "2023-11-05T05:30:00.000Z", "2023-03-12T07:30:00.000Z",
            ])
    }

    /// The ids are those the previous build gave (it took every time as UTC).
    @Test("message ids do not depend on --timezone")
    func idsIgnoreTheZone() throws {
        let ids = try ["UTC", "America/New_York", "Asia/Kolkata", "Pacific/Chatham"].map {
            try Self.read(Self.clockChat, zone: $0).transcript.channels[0].messages.map(\.id.rawValue)
        }
        #expect(ids[0] == ["0000-32fd606ea0602f6a", "0000-e14a7e60b782fd26", "0000-8bbd1382a501f284", "0000-1d943c5b4ba35e2a"])
        #expect(ids.allSatisfy { $0 == ids[0] })
    }

    @Test("parley render shows the phone's times as written whatever --timezone says")
    func renderedAsWritten() throws {
        let folder = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let chat = folder.appendingPathComponent("WhatsApp Chat with Ana.txt")
        try Data("2023/07/01, 09:30 - Ana: summer\n2023/12/01, 09:30 - Bo: winter\n".utf8).write(to: chat)
        for zone in ["UTC", "America/New_York", "Asia/Tokyo"] {
            let output = folder.appendingPathComponent(zone.replacingOccurrences(of: "/", with: "-"))
            let outcome = try ParleyProcess.run(["render", chat.path, "-o", output.path, "--timezone", zone])
            #expect(outcome.code == 0)
            let pages = try FileManager.default.subpathsOfDirectory(atPath: output.path).filter {
                $0.hasPrefix("c/") && $0.hasSuffix(".html")
            }
            let html = try pages.map { try String(contentsOf: output.appendingPathComponent($0), encoding: .utf8) }.joined()
            #expect(html.components(separatedBy: ">09:30</time>").count == 3, "\(zone)")
        }
    }

    // MARK: system lines

    /// System lines as iOS writes them (the contact's or the group's name, then a direction mark),
    /// as Android wrote them before 2017 (the group's name, no mark) and as Android writes them now
    /// (no name); then ordinary messages that only mention such words.
    static let systemChat = """
        [3/18/22, 14:56:01] Ana: \u{200E}Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them.
        [3/18/22, 14:56:02] Ana: \u{200E}Nachrichten und Anrufe sind Ende-zu-Ende-verschlüsselt. Niemand außerhalb dieses Chats kann sie lesen oder anhören, nicht einmal WhatsApp.
        [3/18/22, 14:56:03] Ana: \u{200E}Сообщения и звонки защищены сквозным шифрованием. Третьи лица, включая WhatsApp, не могут прочитать ваши сообщения или прослушать звонки.
        [3/18/22, 14:56:04] Ana: \u{200F}الرسائل والمكالمات مشفرة تمامًا بين الطرفين، بحيث لا يستطيع أحد خارج هذه الدردشة، ولا حتى شركة واتساب، قراءتها أو الاستماع إليها.
        [3/18/22, 14:56:05] Ana: \u{200E}\u{200E}Your security code with Ana changed. \u{200E}Tap to learn more.
        [3/18/22, 14:56:06] Ana: \u{200E}\u{200E}Dein Sicherheitscode für Ana hat sich geändert. \u{200E}Tippe, um mehr zu erfahren.
        [3/18/22, 14:56:07] Family: \u{200E}Ana added Bo
        [3/18/22, 14:56:08] Family: \u{200E}Bo left
        [3/18/22, 14:56:09] Family: Messages you send to this group are now secured with end-to-end encryption. Tap for more info.
        [3/18/22, 14:57:00] Ana: Your security code? Never share it.
        [3/18/22, 14:57:01] Bo: \u{200E}This message was deleted.
        [3/18/22, 14:57:02] Bo: Messages and calls are what I like

        """

    @Test("system lines with a name before them are system messages with no author, in several languages")
    func systemLinesHaveNoAuthor() throws {
        let result = try Self.read(Self.systemChat, file: "/exports/WhatsApp Chat - Family/_chat.txt")
        let messages = result.transcript.channels[0].messages
        let system = Author(id: AuthorID("whatsapp:system"), name: "")
        #expect(
            messages.map(\.author) == Array(repeating: system, count: 9) + [
                Author(id: AuthorID("Ana"), name: "Ana"), Author(id: AuthorID("Bo"), name: "Bo"), Author(id: AuthorID("Bo"), name: "Bo"),
            ])
        #expect(
            messages.map(\.kind) == [
                .system, .system, .system, .system, .system, .system, .memberJoined, .memberLeft, .system, .default, .deleted, .default,
            ])
        #expect(messages[10].content.text == "This message was deleted.")
        #expect(messages[4].content.text == "Your security code with Ana changed. \u{200E}Tap to learn more.")
        #expect(messages[6].content.text == "Ana added Bo")
        #expect(messages.allSatisfy { $0.author.name != "WhatsApp" && $0.author.name != "Family" })
        #expect(result.transcript.directory.users == ["Ana": "Ana", "Bo": "Bo"])
        #expect(result.transcript.channels[0].kind == .direct)
    }

    @Test("the one author of 'You deleted this message' is the exporter; two such authors name none; --me names who it says")
    func exporterFromDeletionMarker() throws {
        let chat = """
            01/02/2024, 10:00 - Ana: hi
            01/02/2024, 10:01 - Bo: You deleted this message
            01/02/2024, 10:02 - Ana: This message was deleted
            01/02/2024, 10:03 - Bo: ok
            01/02/2024, 10:04 - Ana added Cy

            """
        let messages = try Self.read(chat).transcript.channels[0].messages
        #expect(messages.map(\.isOutgoing) == [false, true, false, true, nil])
        #expect(messages.map(\.kind) == [.default, .deleted, .deleted, .default, .memberJoined])
        #expect(messages.map(\.content.text)[1...2] == ["You deleted this message", "This message was deleted"])
        let named = try Self.read(chat, me: "Ana").transcript.channels[0].messages
        #expect(named.map(\.isOutgoing) == [true, false, true, false, nil])
        let twoExporters = try Self.read(chat + "01/02/2024, 10:05 - Ana: You deleted this message.\n").transcript.channels[0].messages
        #expect(twoExporters.allSatisfy { $0.isOutgoing == nil })
        #expect(twoExporters.last?.kind == .deleted)
        let quoted = try Self.read("01/02/2024, 10:00 - Ana: This message was deleted, she said\n").transcript.channels[0].messages
        #expect(quoted.map(\.kind) == [.default])
    }

    @Test("an Android system line has no author either")
    func androidSystemLine() throws {
        let messages = try Self.read(
            """
            23/03/2022, 13:31 - Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them. Tap to learn more.
            23/03/2022, 13:32 - Your security code with Bo changed. Tap to learn more.
            23/03/2022, 13:33 - Ana: hi

            """
        ).transcript.channels[0].messages
        #expect(messages.map(\.author.name) == ["", "", "Ana"])
        #expect(messages.map(\.kind) == [.system, .system, .default])
    }

    /// The ids Parley gave these lines before it knew them as system lines (checked with the
    /// previous build's `parley convert`).
    @Test("a system line's id is the id it had when its name was its author")
    func systemLineIDsAreKept() throws {
        let messages = try Self.read(Self.systemChat, file: "/exports/WhatsApp Chat - Family/_chat.txt").transcript.channels[0].messages
        #expect(messages[0].id.rawValue == "0000-2cc58838a11082a9")
        #expect(messages[6].id.rawValue == "0000-22da921db4d92f22")
    }

    // MARK: iOS `_chat.txt`

    static let iosChat = "[3/18/22, 14:56:01] Ana: hello\n[3/18/22, 14:57:01] Bo: hi\n"

    @Test("a _chat.txt is named after its zip or its folder, and both give the same channel")
    func chatTxtNamedAfterItsZipOrFolder() throws {
        let root = TestPaths.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("WhatsApp Chat - Ana Example")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(Self.iosChat.utf8).write(to: folder.appendingPathComponent("_chat.txt"))
        let zip = root.appendingPathComponent("WhatsApp Chat - Ana Example.zip")
        try ZipBomb.write(to: zip, small: [], large: .init(name: "_chat.txt", prefix: Self.iosChat, count: 0, suffix: ""))
        let reader = TranscriptReader()
        let unzipped = try reader.read(contentsOf: folder.appendingPathComponent("_chat.txt").path).transcript.channels[0]
        let zipped = try reader.read(contentsOf: zip.path).transcript.channels[0]
        #expect(unzipped.id == ChannelID("whatsapp:Ana Example"))
        #expect(unzipped.name == "Ana Example")
        #expect(zipped.id == unzipped.id)
        #expect(zipped.name == unzipped.name)
        #expect(zipped.messages.map(\.id) == unzipped.messages.map(\.id))
        // Earlier versions named an unzipped `_chat.txt` after its file; its zip was always named after the zip.
        #expect(unzipped.formerIDs == [ChannelID("whatsapp:_chat")])
        #expect(zipped.formerIDs == [])
        try StreamedChatCorpusTests.compare(folder.appendingPathComponent("_chat.txt").path, expectedChannels: 1)
        try StreamedChatCorpusTests.compare(zip.path, expectedChannels: 1)
    }

    @Test("two chats that are both _chat.txt never merge; one outside any folder is named after its participants")
    func chatTxtNeverMerge() throws {
        let first = try Self.read(Self.iosChat, file: "/exports/WhatsApp Chat - Ana/_chat.txt").transcript.channels[0]
        let second = try Self.read(Self.iosChat, file: "/exports/Family/_chat.txt").transcript.channels[0]
        let bare = try Self.read(Self.iosChat, file: "/_chat.txt").transcript.channels[0]
        #expect(
            [first.id, second.id, bare.id] == [ChannelID("whatsapp:Ana"), ChannelID("whatsapp:Family"), ChannelID("whatsapp:Ana, Bo")])
        #expect(bare.name == "Ana, Bo")
        #expect([first, second, bare].map(\.formerIDs) == Array(repeating: [ChannelID("whatsapp:_chat")], count: 3))
        let named = try Self.read(Self.iosChat, file: "/exports/_chat/_chat.txt").transcript.channels[0]
        #expect(named.id == ChannelID("whatsapp:_chat"))
        #expect(named.formerIDs == [])
    }

    @Test("an Android chat keeps the name (and id) its file gives")
    func androidNameKept() throws {
        let channel = try Self.read("18/03/2022, 14:56 - Ana: hi\n", file: "/exports/WhatsApp Chat with Ana.txt").transcript.channels[0]
        #expect(channel.id == ChannelID("whatsapp:Ana"))
        #expect(channel.formerIDs == [])
    }

    // MARK: date order

    @Test("a date order chosen by the frequency heuristic is a warning naming the choice and --date-order")
    func frequencyGuessWarns() throws {
        let dayFirst = try Self.read("1/2/21, 10:00 - Ana: a\n2/2/21, 10:00 - Bo: b\n3/2/21, 10:00 - Ana: c\n")
        #expect(
            dayFirst.diagnostics.map(\.description) == [
                "WhatsApp Chat with Ana.txt: line 1: every date fits day/month/year and month/day/year; read as day/month/year because the "
                    + "first number changes more often between messages, a guess (use --date-order mdy if the dates are month/day/year)"
            ])
        #expect(dayFirst.transcript.channels[0].messages.map(\.timestamp.description)[2] == "2021-02-03T10:00:00.000Z")
        let monthFirst = try Self.read("2/1/21, 10:00 - Ana: a\n2/2/21, 10:00 - Bo: b\n2/3/21, 10:00 - Ana: c\n")
        #expect(
            monthFirst.diagnostics.map(\.message) == [
                "every date fits day/month/year and month/day/year; read as month/day/year because the second number changes more "
                    + "often between messages, a guess (use --date-order dmy if the dates are day/month/year)"
            ])
        var forced = ImportOptions()
        forced.dateOrder = .mdy
        let chosen = try WhatsAppImporter(options: forced).importTranscript(
            Data("1/2/21, 10:00 - Ana: a\n2/2/21, 10:00 - Bo: b\n".utf8), file: "x.txt")
        #expect(chosen.diagnostics.isEmpty)
    }

    @Test("a certain date order gives no warning")
    func certainOrderIsQuiet() throws {
        #expect(try Self.read("13/2/21, 10:00 - Ana: a\n14/2/21, 10:00 - Bo: b\n").diagnostics.isEmpty)
    }

    @Test("a year without BE is Buddhist only from 2400 to 2999; the years around them are taken as written")
    func unmarkedBuddhistYears() throws {
        let chat = """
            18/03/2565, 14:56 - Ana: Thai phone
            01/01/2399, 00:00 - Bo: before
            01/01/2400, 00:00 - Ana: first
            31/12/2999, 23:59 - Bo: last
            01/01/3000, 00:00 - Ana: after
            31/12/9999, 23:59 - Bo: the last day
            01/01/0001, 00:00 - Ana: the first day

            """
        let read = try Self.read(chat)
        #expect(
            read.transcript.channels[0].messages.map(\.timestamp.description) == [
                "2022-03-18T14:56:00.000Z", "2399-01-01T00:00:00.000Z", "1857-01-01T00:00:00.000Z", "2456-12-31T23:59:00.000Z",
                "3000-01-01T00:00:00.000Z", "9999-12-31T23:59:00.000Z", "0001-01-01T00:00:00.000Z",
            ])
        #expect(read.diagnostics.isEmpty)
    }
}
