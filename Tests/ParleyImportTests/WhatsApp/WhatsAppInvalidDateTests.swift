import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// A header whose date is no date in the export's order (`00/00/0000`, February 31st, a line in
/// another locale's order) costs no other message: it is read as a line of the message before it,
/// with a diagnostic naming its line; before the first message it is kept in a system message of
/// its own. Only an export where such headers are not a minority is refused.
@Suite struct WhatsAppInvalidDateTests {
    static func read(_ text: String, options: ImportOptions = ImportOptions()) throws -> ImportResult {
        try WhatsAppImporter(options: options).importTranscript(Data(text.utf8), file: "chat.txt")
    }

    @Test func anImpossibleDateIsALineOfTheMessageBeforeIt() throws {
        let result = try Self.read(
            "13/02/2022, 10:00 - Ana: one\n00/00/0000, 00:00 - Ana: zero\nand more\n14/02/2022, 10:01 - Bo: two\n")
        let messages = result.transcript.channels[0].messages
        #expect(messages.map(\.content.text) == ["one\n00/00/0000, 00:00 - Ana: zero\nand more", "two"])
        #expect(messages.map(\.timestamp.description) == ["2022-02-13T10:00:00.000Z", "2022-02-14T10:01:00.000Z"])
        #expect(
            result.diagnostics.map(\.description) == [
                "chat.txt: line 2: starts like a message header, but \"00/00/0000, 00:00 -\" is no date in day/month/year order; "
                    + "kept as a line of the message before it"
            ])
    }

    /// The year 0 is outside the years a timestamp holds (1–9999): it was read as 1 January 1970.
    @Test func theYearZeroIsNoDate() throws {
        let result = try Self.read(
            "13/02/2022, 10:00 - Ana: one\n27/03/0000, 21:41 - Bo: year zero\n14/02/2022, 10:01 - Bo: two\n")
        #expect(result.transcript.channels[0].messages.map(\.content.text) == ["one\n27/03/0000, 21:41 - Bo: year zero", "two"])
        #expect(
            result.diagnostics.map(\.description) == [
                "chat.txt: line 2: starts like a message header, but \"27/03/0000, 21:41 -\" is no date in day/month/year order; "
                    + "kept as a line of the message before it"
            ])
    }

    @Test func linesBeforeTheFirstMessageAreAMessageOfTheirOwn() throws {
        let result = try Self.read(
            "00/00/0000, 00:00 - Ana: zero\n[13/02/2022, 09:00:00] Cy: other layout\nmore\n13/02/2022, 10:00 - Ana: one\n"
                + "14/02/2022, 10:01 - Bo: two\n")
        let messages = result.transcript.channels[0].messages
        #expect(
            messages.map(\.content.text) == [
                "00/00/0000, 00:00 - Ana: zero\n[13/02/2022, 09:00:00] Cy: other layout\nmore", "one", "two",
            ])
        #expect(messages.map(\.author.name) == ["", "Ana", "Bo"])
        #expect(messages.map(\.kind) == [.system, .default, .default])
        #expect(
            messages.map(\.timestamp.description) == [
                "2022-02-13T10:00:00.000Z", "2022-02-13T10:00:00.000Z", "2022-02-14T10:01:00.000Z",
            ])
        #expect(messages.map { $0.id.rawValue.prefix(5) } == ["0000-", "0001-", "0000-"])
        #expect(
            result.diagnostics.map(\.description) == [
                "chat.txt: line 1: starts like a message header, but \"00/00/0000, 00:00 -\" is no date in day/month/year order; "
                    + "kept in a message of its own before the first message",
                "chat.txt: line 2: starts like a message header of another layout; kept in a message of its own before the first message",
            ])
    }

    @Test func aForcedOrderKeepsAMinorityOfOtherDatesAsLines() throws {
        let result = try Self.read(
            "02/13/2022, 10:00 - Ana: one\n13/02/2022, 10:01 - Bo: pasted\n02/14/2022, 10:02 - Bo: two\n",
            options: ImportOptions(dateOrder: .mdy))
        #expect(result.transcript.channels[0].messages.map(\.content.text) == ["one\n13/02/2022, 10:01 - Bo: pasted", "two"])
        #expect(
            result.diagnostics.map(\.description) == [
                "chat.txt: line 2: starts like a message header, but \"13/02/2022, 10:01 -\" is no date in month/day/year order; "
                    + "kept as a line of the message before it"
            ])
    }

    @Test func anExportWhoseDatesAreNotMostlyValidIsRefused() {
        #expect(
            throws: ImportError.syntax(
                file: "chat.txt", offset: 29, line: 2,
                expected: "a date in day/month/year order, the order most of the export's dates fit, found \"00/00/0000, 00:00 -\"")
        ) { try Self.read("13/02/2022, 10:00 - Ana: one\n00/00/0000, 00:00 - Ana: zero\n") }
        #expect(
            throws: ImportError.syntax(
                file: "chat.txt", offset: 0, line: 1,
                expected: "a date in day/month/year order, the order most of the export's dates fit, found \"31/02/2022, 10:00 -\"")
        ) { try Self.read("31/02/2022, 10:00 - Ana: one\n") }
    }

    /// 2,000 seeded chats of up to 40 messages, each read with and without one header line whose
    /// date is no date in any order, inserted among one message's lines: every other message is
    /// the same (text, author, time and id — but for a later message of that message's time,
    /// author and text, whose id counts the messages like it before it), that message holds the
    /// line where it was inserted, and one more diagnostic names its line. A chat of one message
    /// is refused with it.
    @Test func oneImpossibleDateChangesOnlyTheMessageItFollows() throws {
        var random = SeededRandom(seed: 0x494E_5641)
        let impossible = [
            "00/00/0000, 00:00 - Ana: zero", "31/02/2022, 10:00 - Bo: February", "29/02/2023, 23:59 - Cy: not a leap year",
            "32/13/2022, 10:00 - Ana: x",
        ]
        for round in 0..<2000 {
            var messages: [[String]] = []
            var day = 1 + random.below(28), minute = random.below(1200)
            for _ in 0..<(1 + random.below(40)) {
                minute += random.below(30)
                if minute >= 1440 {
                    minute -= 1440
                    day = day % 28 + 1
                }
                let time = String(format: "%02d/03/2022, %02d:%02d", day, minute / 60, minute % 60)
                var lines = ["\(time) - \(["Ana", "Bo", "Cy"][random.below(3)]): hello \(random.below(5))"]
                for _ in 0..<(random.chance(30) ? random.below(3) : 0) { lines.append("more \(random.below(5))") }
                messages.append(lines)
            }
            let plain = try Self.read(messages.map { $0.joined(separator: "\n") }.joined(separator: "\n") + "\n")
            let target = random.below(messages.count)
            let position = 1 + random.below(messages[target].count)
            let bad = impossible[random.below(impossible.count)]
            var changed = messages
            changed[target].insert(bad, at: position)
            let text = changed.map { $0.joined(separator: "\n") }.joined(separator: "\n") + "\n"
            guard messages.count > 1 else {
                #expect(throws: ImportError.self, "round \(round): one message and one impossible date") { try Self.read(text) }
                continue
            }
            let result = try Self.read(text)
            let before = plain.transcript.channels[0].messages, after = result.transcript.channels[0].messages
            try #require(after.count == before.count, "round \(round)")
            for index in before.indices where index != target {
                var found = after[index]
                let original = before[target]
                let twin =
                    (found.timestamp, found.author, found.content.text) == (original.timestamp, original.author, original.content.text)
                if twin, index > target { found.id = before[index].id }
                #expect(found == before[index], "round \(round), message \(index)")
            }
            var lines = before[target].content.text.components(separatedBy: "\n")
            lines.insert(bad, at: position)
            #expect(after[target].content.text == lines.joined(separator: "\n"), "round \(round)")
            #expect(after[target].timestamp == before[target].timestamp, "round \(round)")
            let line = messages[..<target].map(\.count).reduce(0, +) + position + 1
            #expect(result.diagnostics.map(\.location) == plain.diagnostics.map(\.location) + ["line \(line)"], "round \(round)")
        }
    }
}
