import Foundation
import ParleyImport
import ParleyModel
import ParleyTestSupport
import Testing

/// `--after`, `--before` and `--channel`: what a filter keeps.
@Suite struct FilterTests {
    static func transcript() throws -> Transcript {
        let telegram = try TranscriptReader().read(contentsOf: TestPaths.fixture("telegram-rich.json").path)
        let matrix = try TranscriptReader().read(contentsOf: TestPaths.fixture("matrix-element-export.json").path)
        return TranscriptMerger.merge([telegram, matrix]).0
    }

    @Test func aTimeRangeKeepsHalfOpenIntervalsAndDropsEmptiedChannels() throws {
        let transcript = try Self.transcript()
        let range = TranscriptFilter(after: Timestamp(seconds: 1_700_000_100), before: Timestamp(seconds: 1_700_000_200))
        let kept = try range.apply(to: transcript)
        #expect(kept.channels.map(\.name) == ["Parley Test Group"])
        #expect(kept.channels[0].messages.map(\.id.rawValue) == ["4", "5", "6", "7", "8", "9", "10", "11"])
        let late = try TranscriptFilter(after: Timestamp(milliseconds: 1_710_000_131_000)).apply(to: transcript)
        #expect(late.channels.map(\.name) == ["Parley Room"])
        #expect(late.channels[0].messages.map(\.id.rawValue) == ["$e26", "$e27", "$e28", "$e30", "$e31", "$e32"])
    }

    @Test func channelsByNameIdOrNameIgnoringCase() throws {
        let transcript = try Self.transcript()
        #expect(try TranscriptFilter(channels: ["parley room"]).apply(to: transcript).channels.map(\.name) == ["Parley Room"])
        #expect(try TranscriptFilter(channels: ["1234567890"]).apply(to: transcript).channels.map(\.name) == ["Parley Test Group"])
        #expect(
            try TranscriptFilter(channels: ["Parley Room", "Parley Test Group"]).apply(to: transcript).channels.map(\.name) == [
                "Parley Test Group", "Parley Room",
            ])
        #expect(try TranscriptFilter().apply(to: transcript) == transcript)
    }

    @Test func anUnknownChannelListsTheChannelsThereAre() throws {
        let transcript = try Self.transcript()
        let error = #expect(throws: FilterError.self) { try TranscriptFilter(channels: ["random"]).apply(to: transcript) }
        #expect(error?.description == "--channel: no channel named 'random'; expected one of: 'Parley Test Group', 'Parley Room'")
    }
}
