import Foundation
import ParleyLayout
import ParleyModel
import ParleyTestSupport
import Testing

@testable import ParleyRender

/// A channel planned as two stretches on two threads is planned exactly as by one scan: the same
/// pages, days, digests and first and last times.
@Suite struct ChannelPlanTests {
    /// A channel's entries in display order, with digests, local media and replies, as a store
    /// would give them.
    struct Entries: EntrySource, Sendable {
        let channel: ChannelID
        let entries: [ArchiveEntry]
        /// For each entry, the index of the entry it replies to.
        let replies: [Int?]

        func timeSpan(of channel: ChannelID) -> ClosedRange<Int64>? {
            guard channel == self.channel, let first = entries.first, let last = entries.last else { return nil }
            return first.key.timestamp...last.key.timestamp
        }

        func holdsMessages(in channel: ChannelID, moreThan count: Int) -> Bool { channel == self.channel && entries.count > count }

        func forEachEntry(in channel: ChannelID, during times: ClosedRange<Int64>, _ body: (ArchiveEntry) -> Void) {
            guard channel == self.channel else { return }
            for entry in entries where times.contains(entry.key.timestamp) { body(entry) }
        }

        func entry(in channel: ChannelID, before time: Int64) -> ArchiveEntry? {
            channel == self.channel ? entries.last { $0.key.timestamp < time } : nil
        }

        func forEachReply(in channel: ChannelID, during times: ClosedRange<Int64>, _ body: (MessageOrderKey, ArchiveEntry) -> Void) {
            guard channel == self.channel else { return }
            for (entry, target) in zip(entries, replies) where times.contains(entry.key.timestamp) {
                if let target { body(entry.key, entries[target]) }
            }
        }
    }

    static let zones = ["UTC", "America/Santiago", "America/New_York", "Asia/Kathmandu", "Pacific/Apia", "Australia/Lord_Howe"]

    /// A channel of `count` messages from `start`: gaps of seconds to months (some at the first
    /// instant of a month by `clock`, some ties in one millisecond), digests (a few missing), local
    /// media and replies to earlier and later messages.
    static func entries(_ count: Int, from start: Int64, clock: ZoneClock, random: inout SeededRandom) -> Entries {
        var time = start
        var entries: [ArchiveEntry] = []
        for index in 0..<count {
            switch random.below(100) {
            case 0..<5: break
            case 5..<80: time += Int64(random.below(3_600_000))
            case 80..<97: time += Int64(random.below(86_400_000 * 3))
            default: time += Int64(random.below(86_400_000 * 90))
            }
            if random.chance(3), let split = ChannelPlan.split(start...time + 86_400_000 * 62, clock: clock), split > time {
                time = split
            }
            time = min(time, Timestamp.latestSupported.milliseconds)
            entries.append(
                ArchiveEntry(
                    key: MessageOrderKey(timestamp: time, id: MessageID(String(index))), digest: random.chance(2) ? nil : random.next(),
                    hasLocalMedia: random.chance(3)))
        }
        let replies = entries.indices.map { _ in random.chance(10) ? random.below(count) : nil }
        return Entries(channel: ChannelID("c"), entries: entries, replies: replies)
    }

    static func plan(_ entries: Entries, messagesPerPage: Int, clock: ZoneClock, resolvesMedia: Bool, splitThreshold: Int) throws
        -> ChannelPlan
    {
        try ChannelPlan(
            Channel(id: entries.channel, name: "c"), entries: entries, openReader: { entries }, messagesPerPage: messagesPerPage,
            clock: clock, identity: 42, resolvesMedia: resolvesMedia, splitThreshold: splitThreshold)
    }

    @Test func aChannelPlannedInTwoStretchesIsPlannedAsInOne() throws {
        var random = SeededRandom(seed: 0x5EED_C4A7)
        var split = 0, digests = 0
        for _ in 0..<1_000 {
            let zone = Self.zones[random.below(Self.zones.count)]
            let clock = ZoneClock(timeZone: try #require(TimeZone(identifier: zone)), name: zone)
            let starts: [Int64] = [
                Timestamp.earliestSupported.milliseconds, 1_420_070_400_000, 1_704_067_199_999,
                Timestamp.latestSupported.milliseconds - 86_400_000 * 400,
            ]
            let entries = Self.entries(
                1 + random.below(1_500), from: starts[random.below(starts.count)] + Int64(random.below(86_400_000 * 60)), clock: clock,
                random: &random)
            let messagesPerPage = 1 + random.below(60), resolvesMedia = random.chance(50)
            let once = try Self.plan(
                entries, messagesPerPage: messagesPerPage, clock: clock, resolvesMedia: resolvesMedia, splitThreshold: .max)
            let twice = try Self.plan(
                entries, messagesPerPage: messagesPerPage, clock: clock, resolvesMedia: resolvesMedia, splitThreshold: 0)
            #expect(twice.pages == once.pages)
            #expect(twice.partitioner.days == once.partitioner.days)
            #expect(twice.digests == once.digests)
            #expect(twice.first == once.first && twice.last == once.last)
            if let span = entries.timeSpan(of: entries.channel), ChannelPlan.split(span, clock: clock) != nil { split += 1 }
            digests += once.digests.count { $0 != nil }
        }
        // Most channels span months and are split; most pages keep a digest.
        #expect(split > 700)
        #expect(digests > 20_000)
    }

    /// The cut is the first instant of a month by the archive's clock, after the first message and
    /// within the span.
    @Test func theCutIsTheFirstInstantOfTheMiddleMonth() throws {
        let utc = ZoneClock(timeZone: try #require(TimeZone(identifier: "UTC")), name: "UTC")
        // 2024-01-10 to 2024-05-20, UTC: the middle is in March.
        #expect(ChannelPlan.split(1_704_844_800_000...1_716_163_200_000, clock: utc) == 1_709_251_200_000)
        // 2024-03-01T00:00Z to 2024-04-15: the middle is in March, which the span begins with, so April.
        #expect(ChannelPlan.split(1_709_251_200_000...1_713_139_200_000, clock: utc) == 1_711_929_600_000)
        // Within one month there is no cut.
        #expect(ChannelPlan.split(1_709_251_200_000...1_711_929_599_999, clock: utc) == nil)
        // March 2024 begins at 2024-02-29T15:00Z in Tokyo.
        let tokyo = ZoneClock(timeZone: try #require(TimeZone(identifier: "Asia/Tokyo")), name: "Asia/Tokyo")
        #expect(ChannelPlan.split(1_704_844_800_000...1_716_163_200_000, clock: tokyo) == 1_709_218_800_000)
        // The widest span of all does not overflow.
        #expect(ChannelPlan.split(Timestamp.earliestSupported.milliseconds...Timestamp.latestSupported.milliseconds, clock: utc) != nil)
    }
}
