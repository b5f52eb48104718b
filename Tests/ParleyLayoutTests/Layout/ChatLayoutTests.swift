import Foundation
import ParleyImport
import ParleyLayout
import ParleyModel
import ParleyTestSupport
import Testing

@Suite struct ChatLayoutTests {
    static func positions(_ layout: ChannelLayout) -> String {
        layout.messages.map { String($0.position.rawValue.prefix(1)) }.joined()
    }

    static func channel(_ file: URL) throws -> Channel {
        try TranscriptReader().read(contentsOf: file.path).transcript.channels[0]
    }

    @Test(
        .enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent"),
        arguments: [
            ("dcef-general.json", "ooooooofmlooofmmmmloofloooooooooooo", ["2023-01-06"]),
            ("dcef-chill-talk.json", "oooooo", ["2023-01-06"]),
            ("dcef-chill-talk-without-deleted-message.json", "ooooo", ["2023-01-06"]),
            ("dcef-thread.json", "ooooo", ["2023-01-06"]),
            ("chat-analytics-SV_5A_5M.json", "ofml", ["2018-05-20"]),
        ])
    func corpusGroupsAndDays(file: String, positions: String, days: [String]) throws {
        let layout = ChatLayout().layout(try Self.channel(TestPaths.discord(file)))
        #expect(Self.positions(layout) == positions)
        #expect(layout.days.map(\.date.isoString) == days)
    }

    @Test(.enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent"))
    func generalOrderFollowsTimestampsThenIDs() throws {
        let layout = ChatLayout().layout(try Self.channel(TestPaths.discord("dcef-general.json")))
        let ids = layout.messages.map(\.message.id.rawValue)
        #expect(ids.count == 35)
        #expect(ids.prefix(3) == ["1045178587575242772", "1045178587575242785", "1045178587575242788"])
        #expect(ids.last == "1060928127137747099")
        #expect(layout.messages[7].message.content.text == "Good 👍")
        #expect(layout.messages[7].position == .first)
    }

    @Test func tinyFixtureInUTC() throws {
        let layout = ChatLayout().layout(try Self.channel(TestPaths.fixture("tiny.json")))
        #expect(layout.days.map(\.date.isoString) == ["2024-03-30", "2024-03-31"])
        #expect(layout.days.map(\.messages.count) == [2, 7])
        #expect(layout.messages.map(\.message.id.rawValue) == ["101", "102", "103", "104", "105", "106", "107", "108", "109"])
        #expect(Self.positions(layout) == "flooooooo")
    }

    /// Europe/Berlin switches to summer time at 01:00 UTC on 2024-03-31: 23:50 UTC on the 30th is
    /// 00:50 local on the 31st, so all nine messages fall on one local day and Ana's three
    /// messages (23:50, 23:55, 00:01 UTC; gaps of 5 and 6 minutes) form one group.
    @Test func tinyFixtureInBerlinIsOneDay() throws {
        let clock = try #require(ZoneClock(identifier: "Europe/Berlin"))
        let layout = ChatLayout(clock: clock).layout(try Self.channel(TestPaths.fixture("tiny.json")))
        #expect(layout.days.map(\.date.isoString) == ["2024-03-31"])
        #expect(Self.positions(layout) == "fmloooooo")
    }

    @Test func daylightSavingOffsetsFollowTheInstant() throws {
        let clock = try #require(ZoneClock(identifier: "Europe/Berlin"))
        #expect(clock.offsetSeconds(at: Timestamp(milliseconds: 1_711_846_799_000)) == 3600)
        #expect(clock.offsetSeconds(at: Timestamp(milliseconds: 1_711_846_800_000)) == 7200)
        #expect(clock.localTime(Timestamp(milliseconds: 1_711_846_800_000)).hour == 3)
    }

    @Test func appendingChangesAtMostTheTailGroup() throws {
        var channel = try Self.channel(TestPaths.fixture("tiny.json"))
        let before = ChatLayout().layout(channel).messages
        var next = channel.messages[1]
        next.id = MessageID("200")
        next.timestamp = Timestamp(milliseconds: before.last!.message.timestamp.milliseconds + 1000)
        next.author = before.last!.message.author
        channel.messages.append(next)
        let after = ChatLayout().layout(channel).messages
        #expect(after.count == before.count + 1)
        for index in before.indices.dropLast() { #expect(after[index] == before[index]) }
        #expect(after[before.count - 1].position == .first)
        #expect(after[before.count].position == .last)
    }
}
