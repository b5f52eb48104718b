import ParleyImport
import ParleyModel
import ParleyPhone
import ParleyTestSupport
import Testing

/// SMS conversations whose numbers are written in several ways are one conversation: numbers are
/// read in E.164 form with libphonenumber, in `--phone-region` or the backup's prevailing region.
@Suite("SMS phone numbers")
struct SMSPhoneNumberTests {
    /// One person written four ways (the contact name on one spelling only), and two others whose
    /// numbers share only the last seven digits with theirs.
    static var spellings: SMSBackupFile {
        var backup = SMSBackupFile()
        backup.sms("+1 415-555-0199", at: 1_709_287_200, body: "One", contact: "Alex Doe")
        backup.sms("(415) 555-0199", at: 1_709_287_260, body: "Two")
        backup.sms("+1 212-555-0199", at: 1_709_287_320, body: "Other area code", contact: "Sam Roe")
        backup.sms("4155550199", at: 1_709_287_380, type: 2, body: "Three")
        backup.sms("555-0199", at: 1_709_287_440, body: "No area code")
        backup.sms("14155550199", at: 1_709_287_500, body: "Four")
        return backup
    }

    @Test("one person written four ways is one conversation named by its contact; shared last digits stay apart")
    func merged() throws {
        let result = try Self.spellings.read()
        #expect(result.diagnostics.isEmpty)
        let channels = result.transcript.channels
        #expect(channels.map(\.id.rawValue) == ["sms:+14155550199", "sms:+12125550199", "sms:5550199"])
        #expect(channels.map(\.name) == ["Alex Doe", "Sam Roe", "5550199"])
        #expect(channels.map(\.kind) == [.direct, .direct, .direct])
        // The ids the spellings had before they merged, but the one the merged channel keeps.
        #expect(channels.map(\.formerIDs) == [[ChannelID("sms:4155550199"), ChannelID("sms:14155550199")], [], []])
        #expect(channels[0].messages.map(\.content.text) == ["One", "Two", "Three", "Four"])
        let received = channels[0].messages.filter { $0.isOutgoing != true }.map(\.author)
        #expect(received.map(\.id.rawValue) == ["sms:+14155550199", "sms:+14155550199", "sms:+14155550199"])
        #expect(received.map(\.name) == ["+14155550199", "+14155550199", "+14155550199"])
        #expect(received.map(\.displayName) == ["Alex Doe", "Alex Doe", "Alex Doe"])
        #expect(channels[2].messages.map(\.author.id.rawValue) == ["sms:5550199"])
        try StreamedChatCorpusTests.compare(try Self.spellings.write(), expectedChannels: 3)
    }

    @Test("message ids are those each spelling gave on its own, so permalinks stay")
    func stableIDs() throws {
        let merged = try Self.spellings.read().transcript.channels[0].messages.map(\.id)
        var alone: [MessageID] = []
        for (address, seconds, type, body) in [
            ("+1 415-555-0199", 1_709_287_200, 1, "One"), ("(415) 555-0199", 1_709_287_260, 1, "Two"),
            ("4155550199", 1_709_287_380, 2, "Three"), ("14155550199", 1_709_287_500, 1, "Four"),
        ] as [(String, Int64, Int, String)] {
            var backup = SMSBackupFile()
            backup.sms(address, at: seconds, type: type, body: body)
            alone += try backup.read().transcript.channels.flatMap(\.messages).map(\.id)
        }
        #expect(merged == alone)
    }

    @Test("a conversation that merges with none keeps its id as written; its sender is still in E.164 form")
    func unmergedKeepsItsID() throws {
        var backup = SMSBackupFile()
        backup.sms("(415) 555-0199", at: 1_709_287_200, body: "Hi", contact: "Alex Doe")
        backup.sms("+1 212-555-0199", at: 1_709_287_260, body: "Yo")
        let channels = try backup.read().transcript.channels
        #expect(channels.map(\.id.rawValue) == ["sms:4155550199", "sms:+12125550199"])
        #expect(channels.map(\.formerIDs) == [[], []])
        #expect(channels.map(\.name) == ["Alex Doe", "+12125550199"])
        #expect(channels[0].messages.map(\.author.id.rawValue) == ["sms:+14155550199"])
    }

    @Test("without --phone-region or a number with a country code, numbers are kept as written")
    func noRegion() throws {
        var backup = SMSBackupFile()
        backup.sms("(415) 555-0199", at: 1_709_287_200, body: "Hi")
        backup.sms("4155550199", at: 1_709_287_260, body: "Same person, not known to be")
        let result = try backup.read()
        #expect(result.transcript.channels.map(\.id.rawValue) == ["sms:4155550199"])
        #expect(result.transcript.channels[0].messages.map(\.author.id.rawValue) == ["sms:4155550199", "sms:4155550199"])
        var national = SMSBackupFile()
        national.sms("020 7183 8750", at: 1_709_287_200, body: "London")
        national.sms("02071838750", at: 1_709_287_260, body: "Again")
        national.sms("0 20 7183 8750", at: 1_709_287_320, body: "And again")
        #expect(try national.read().transcript.channels.map(\.id.rawValue) == ["sms:02071838750"])
        let british = try national.read(ImportOptions(phoneRegion: PhoneRegion("GB")))
        #expect(british.transcript.channels.map(\.id.rawValue) == ["sms:02071838750"])
        #expect(british.transcript.channels[0].messages.map(\.author.id.rawValue) == Array(repeating: "sms:+442071838750", count: 3))
    }

    @Test("the region comes from --phone-region, else from the numbers written with a country code")
    func region() throws {
        var backup = SMSBackupFile()
        backup.sms("+44 7700 900123", at: 1_709_287_200, body: "Hello", contact: "Robin")
        backup.sms("07700 900123", at: 1_709_287_260, body: "Mobile, written at home")
        backup.sms("+1 415-555-0199", at: 1_709_287_320, body: "From abroad")
        backup.sms("+44 20 7183 8750", at: 1_709_287_380, body: "Landline")
        let inferred = try backup.read().transcript.channels
        #expect(inferred.map(\.id.rawValue) == ["sms:+447700900123", "sms:+14155550199", "sms:+442071838750"])
        #expect(inferred[0].messages.count == 2)
        let american = try backup.read(ImportOptions(phoneRegion: PhoneRegion("US"))).transcript.channels
        #expect(american.map(\.id.rawValue) == ["sms:+447700900123", "sms:07700900123", "sms:+14155550199", "sms:+442071838750"])
    }

    @Test("short codes, sender names and e-mail addresses are not phone numbers")
    func notNumbers() throws {
        var backup = SMSBackupFile()
        backup.sms("+1 415-555-0199", at: 1_709_287_200, body: "Region from here")
        backup.sms("72975", at: 1_709_287_260, body: "Your code is 1234")
        backup.sms("AMAZON", at: 1_709_287_320, body: "Delivered")
        backup.sms("someone@example.com", at: 1_709_287_380, body: "Mail to text")
        let channels = try backup.read().transcript.channels
        #expect(channels.map(\.id.rawValue) == ["sms:+14155550199", "sms:72975", "sms:AMAZON", "sms:someone@example.com"])
        #expect(channels.map(\.kind) == [.direct, .direct, .direct, .group])
        #expect(channels[1].messages.map(\.author.name) == ["72975"])
    }

    @Test("group senders show the names the backup gives their numbers")
    func groupSenders() throws {
        var backup = SMSBackupFile()
        backup.sms("+1 212-555-0199", at: 1_709_287_200, body: "Hi", contact: "Sam Roe")
        backup.mms(
            "+14155550199~+13105550123~+12125550199", from: "(212) 555-0199", at: 1_709_287_260, text: "Lunch?",
            contact: "Alex Doe, Kim Poe, Sam Roe")
        backup.mms("+14155550199~+13105550123~+12125550199", from: "+1 310 555 0123", at: 1_709_287_320, text: "Yes")
        backup.mms("+1 415 555 0199~+1 212 555 0199~+15550000000", from: "+1 415-555-0199", at: 1_709_287_380, text: "Other group")
        backup.mms("+15550000000~+1 212 555 0199", from: "+15550000000", at: 1_709_287_440, text: "Nameless", contact: "Lunch crew")
        let result = try backup.read()
        let channels = result.transcript.channels
        #expect(
            channels.map(\.id.rawValue) == [
                "sms:+12125550199", "sms:+12125550199~+13105550123~+14155550199", "sms:+12125550199~+14155550199~+15550000000",
                "sms:+12125550199~+15550000000",
            ])
        #expect(channels.map(\.name) == ["Sam Roe", "Alex Doe, Kim Poe, Sam Roe", "+12125550199~+14155550199~+15550000000", "Lunch crew"])
        #expect(channels.map(\.kind) == [.direct, .group, .group, .group])
        let senders = channels.dropFirst().flatMap(\.messages).map(\.author)
        #expect(senders.map(\.id.rawValue) == ["sms:+12125550199", "sms:+13105550123", "sms:+14155550199", "sms:+15550000000"])
        #expect(senders.map(\.displayName) == ["Sam Roe", "Kim Poe", "Alex Doe", nil])
        try StreamedChatCorpusTests.compare(try backup.write(), expectedChannels: 4)
    }
}
