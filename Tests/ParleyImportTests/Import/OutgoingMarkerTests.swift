import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// `--me NAME` marks the exporter's messages outgoing in every format, read whole or streamed:
/// an author whose account name, display name or id is `NAME`; everyone else's messages are
/// incoming, system messages neither, and what an importer decided itself stays.
@Suite("--me in every format", .enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent"))
struct OutgoingMarkerTests {
    /// The messages of a corpus file with `options`, read whole and streamed into a sink, which must agree.
    static func readBothWays(_ name: String, me: String?) throws -> [Message] {
        let path = TestPaths.corpus.appendingPathComponent(name).path
        let options = ImportOptions(me: me)
        let whole = try TranscriptReader().read(contentsOf: path, options: options)
        let sink = CollectingSink()
        _ = try TranscriptReader().read(contentsOf: path, options: options, into: sink)
        let messages = whole.transcript.channels.flatMap(\.messages)
        #expect(sink.order.flatMap { sink.messages[$0] ?? [] } == messages)
        return messages
    }

    @Test("DiscordChatExporter: by account name, by id; the joins are system messages", arguments: ["Avery", "100000000000000001"])
    func discord(me: String) throws {
        let messages = try Self.readBothWays("discord/dcef-general.json", me: me)
        #expect(messages.count == 35)
        #expect(messages.filter { $0.isOutgoing == true }.map(\.author.name) == Array(repeating: "Avery", count: 18))
        #expect(messages.filter { $0.isOutgoing == false }.count == 13)
        #expect(messages.filter(\.kind.isSystem).count == 4)
        #expect(messages.filter(\.kind.isSystem).allSatisfy { $0.isOutgoing == nil })
    }

    @Test("DiscordChatExporter: by display name (a nickname); without --me nothing is either")
    func discordNickname() throws {
        let messages = try Self.readBothWays("discord/dcef-general.json", me: "RICK NITRO")
        #expect(messages.filter { $0.isOutgoing == true }.count == 0)
        #expect(messages.filter { $0.isOutgoing == false }.count == 31)
        #expect(try Self.readBothWays("discord/dcef-general.json", me: nil).allSatisfy { $0.isOutgoing == nil })
    }

    @Test("Telegram, one chat: the account's name as the export shows it")
    func telegram() throws {
        let messages = try Self.readBothWays("telegram/chat-analytics-DM_2A_7M.json", me: "Alice")
        #expect(messages.count == 8)
        #expect(messages.filter { $0.isOutgoing == true }.map(\.author.name) == Array(repeating: "Alice", count: 4))
        #expect(messages.filter { $0.isOutgoing == false }.map(\.author.name) == ["Bob", "Bob"])
        #expect(messages.filter(\.kind.isSystem).map(\.isOutgoing) == [nil, nil])
    }

    @Test("Telegram, a whole account: the export names its account (personal_information), so --me is not needed and does not change it")
    func telegramAccount() throws {
        for me in [nil, "Alice"] {
            let messages = try Self.readBothWays("telegram/chat-analytics-MultiChat_2C_6M.json", me: me)
            #expect(messages.count == 6)
            #expect(messages.filter { $0.isOutgoing == true }.isEmpty)
            #expect(messages.filter { $0.isOutgoing == false }.map(\.author.name) == ["Alice", "Bob", "Charlie", "David", "Eve"])
            #expect(messages.filter(\.kind.isSystem).map(\.isOutgoing) == [nil])
        }
    }

    @Test("an SMS backup decides itself: --me only names the owner")
    func sms() throws {
        let messages = try Self.readBothWays("sms-xml/sbrp-mixed.xml", me: "Dana")
        let outgoing = messages.filter { $0.isOutgoing == true }
        #expect(!outgoing.isEmpty)
        #expect(outgoing.allSatisfy { $0.author.name == "Dana" })
    }
}
