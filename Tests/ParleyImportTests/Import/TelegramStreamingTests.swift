import Foundation
import ParleyImport
import ParleyModel
import Testing

/// Telegram exports stream one message at a time: a chat's header may come after its
/// `messages`, and an account export cut short keeps its chats and the messages before the break.
@Suite struct TelegramStreamingTests {
    static func message(_ id: Int) -> String {
        #"{"id": \#(id), "type": "message", "date_unixtime": "\#(1_700_000_000 + id * 60)", "from": "Ana", "from_id": "user1", "text": "m\#(id)"}"#
    }

    static func messages(_ ids: ClosedRange<Int>) -> String {
        #""messages": ["# + ids.map(message).joined(separator: ",\n") + "]"
    }

    /// An account export: chat 11 with its header first, chat 22 with its header after `messages`
    /// (or first too, when `headersFirst`), and a left chat 33 with its header after `messages`.
    static func account(headersFirst: Bool) -> String {
        let second =
            headersFirst
            ? #"{"name": "Two", "type": "private_group", "id": 22, \#(messages(5...9))}"#
            : #"{\#(messages(5...9)), "name": "Two", "type": "private_group", "id": 22}"#
        return #"""
            {"about": "x", "personal_information": {"first_name": "Ana", "last_name": "Lima"},
             "chats": {"about": "y", "list": [
              {"name": "One", "type": "personal_chat", "id": 11, \#(messages(1...3))},
              \#(second)
             ]},
             "left_chats": {"list": [{\#(messages(10...10)), "name": "Gone", "type": "private_supergroup", "id": 33}]}}
            """#
    }

    static func read(_ text: String) throws -> ImportResult {
        try TranscriptReader().read(Data(text.utf8), file: "result.json", format: .telegram)
    }

    @Test func aChatHeaderAfterItsMessagesNamesTheChannelAsBefore() throws {
        let late = try Self.read(Self.account(headersFirst: false))
        #expect(late.transcript == (try Self.read(Self.account(headersFirst: true))).transcript)
        #expect(late.transcript.title == "Telegram · Ana Lima")
        #expect(late.transcript.channels.map(\.name) == ["One", "Two", "Gone"])
        #expect(late.transcript.channels.map(\.kind) == [.direct, .group, .group])
        #expect(late.transcript.channels[2].messages.map(\.channel) == [ChannelID("33")])
        #expect(late.transcript.channels[1].messages.map(\.channel) == Array(repeating: ChannelID("22"), count: 5))
        #expect(late.transcript.channels[1].messages.map(\.content.text) == ["m5", "m6", "m7", "m8", "m9"])
        #expect(late.diagnostics.isEmpty)
    }

    @Test func anAccountExportCutShortKeepsItsChatsAndNamesTheOpenRecord() throws {
        let text = Self.account(headersFirst: true)
        let cut = try #require(text.range(of: #""id": 8"#)).upperBound.utf16Offset(in: text)
        let result = try Self.read(String(text.prefix(cut)))
        #expect(result.transcript.title == "Telegram · Ana Lima")
        #expect(result.transcript.channels.map(\.name) == ["One", "Two"])
        #expect(result.transcript.channels.map { $0.messages.map(\.content.text) } == [["m1", "m2", "m3"], ["m5", "m6", "m7"]])
        #expect(
            result.diagnostics.map(\.description) == [
                "result.json: chats.list[1].messages[3]: record skipped: the file ends at byte \(cut) inside this record (truncated?); "
                    + "every record before it is kept"
            ])
    }

    @Test func aChatCutShortInItsHeaderIsLeftOut() throws {
        let text = Self.account(headersFirst: true)
        let cut = try #require(text.range(of: #""name": "Two""#)).upperBound.utf16Offset(in: text)
        let result = try Self.read(String(text.prefix(cut)))
        #expect(result.transcript.channels.map(\.name) == ["One"])
        #expect(result.transcript.channels[0].messages.count == 3)
    }

    @Test(
        "a whole-account export names its account before the chats: its messages are outgoing, everyone else's incoming, service messages neither"
    )
    func theExportingAccountsMessagesAreOutgoing() throws {
        let other = #"{"id": 4, "type": "message", "date_unixtime": "1700000300", "from": "Bo", "from_id": "user2", "text": "hi"}"#
        let service =
            #"{"id": 5, "type": "service", "date_unixtime": "1700000360", "actor": "Ana", "actor_id": "user1", "action": "pin_message", "message_id": 4}"#
        let chats =
            #""chats": {"list": [{"name": "One", "type": "personal_chat", "id": 11, "messages": [\#(Self.message(1)), \#(other), \#(service)]}]}"#
        let pictures = #"""
            "profile_pictures": [{"date": "2020-09-13T12:26:40", "date_unixtime": "1600000000", "photo": "profile_pictures/photo_1@13-09-2020_12-26-40.jpg"},
             {"date": "2023-07-22T04:26:40", "date_unixtime": "1690000000", "photo": "(Photo not included. Change data exporting settings to download.)"},
             {"date": "2022-04-15T05:20:00", "date_unixtime": "1650000000", "photo": "profile_pictures/photo_2@15-04-2022_05-20-00.jpg"}]
            """#
        let named = try Self.read(#"{"about": "x", "personal_information": {"user_id": 1, "first_name": "Ana"}, \#(pictures), \#(chats)}"#)
        let messages = named.transcript.channels.flatMap(\.messages)
        #expect(messages.map(\.author.id) == [AuthorID("user1"), AuthorID("user2"), AuthorID("user1")])
        #expect(messages.map(\.isOutgoing) == [true, false, nil])
        #expect(
            messages.map(\.author.avatarURL) == [
                "profile_pictures/photo_2@15-04-2022_05-20-00.jpg", nil, "profile_pictures/photo_2@15-04-2022_05-20-00.jpg",
            ])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("telegram-owner-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: path) }
        try Data(#"{"about": "x", "personal_information": {"user_id": 1, "first_name": "Ana"}, \#(chats)}"#.utf8).write(to: path)
        let streamed = try TranscriptReader().read(contentsOf: path.path)
        #expect(streamed.transcript.channels.flatMap(\.messages).map(\.isOutgoing) == [true, false, nil])
        #expect(streamed.transcript.channels.flatMap(\.messages).map(\.author.avatarURL) == [nil, nil, nil])
        let unnamed = try Self.read(#"{"about": "x", \#(chats), "personal_information": {"user_id": 1, "first_name": "Ana"}}"#)
        #expect(unnamed.transcript.channels.flatMap(\.messages).map(\.isOutgoing) == [nil, nil, nil])
    }
}
