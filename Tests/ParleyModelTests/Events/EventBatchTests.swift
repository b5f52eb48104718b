import ParleyModel
import ParleyTestSupport
import Testing

/// `Channel.apply(_ events:)`: all or nothing in place, with an undo log instead of a copy.
@Suite struct EventBatchTests {
    typealias F = TranscriptEventTests
    static let general = TranscriptEventTests.general

    /// A random event on a channel whose message ids are "0"…"9": about a quarter name a missing
    /// message or reaction and fail.
    static func randomEvent(_ random: inout SeededRandom, serial: Int) -> TranscriptEvent {
        let id = MessageID(String(random.below(12)))
        switch random.below(6) {
        case 0: return .message(F.message(id.rawValue, "m\(serial)", at: Int64(random.below(5_000))))
        case 1: return .edit(channel: general, id: id, text: "e\(serial)", flavor: nil, spans: [], edited: nil)
        case 2: return .append(channel: general, id: id, text: " a\(serial)")
        case 3: return .delete(channel: general, id: id)
        case 4: return .reactionAdd(channel: general, id: id, reaction: Reaction(emoji: random.chance(50) ? "👍" : "🎉", count: 1))
        default: return .reactionRemove(channel: general, id: id, reaction: Reaction(emoji: "👍", count: 1 + random.below(2)))
        }
    }

    @Test func aBatchAppliesLikeItsEventsOneByOneOrLeavesTheChannelExactlyAsItWas() {
        var random = SeededRandom(seed: 2026)
        var (applied, refused) = (0, 0)
        for round in 0..<3_000 {
            let initial = (0..<random.below(10)).map { F.message(String($0), "t\($0)", at: Int64($0) * 1000) }
            var channel = Channel(id: Self.general, name: "general", messages: initial)
            let events = (0..<(1 + random.below(6))).map { Self.randomEvent(&random, serial: round * 10 + $0) }
            var reference = channel
            var expectedFailure: EventBatchFailure?
            for (index, event) in events.enumerated() where expectedFailure == nil {
                do throws(EventError) {
                    try reference.apply(event)
                } catch {
                    expectedFailure = EventBatchFailure(index: index, error: error)
                }
            }
            #expect(channel.firstFailure(in: events) == expectedFailure, "round \(round)")
            #expect(channel.messages == initial, "round \(round): checking changes nothing")
            do throws(EventBatchFailure) {
                try channel.apply(events)
                #expect(expectedFailure == nil, "round \(round)")
                #expect(channel.messages == reference.messages, "round \(round)")
                applied += 1
            } catch {
                #expect(error == expectedFailure, "round \(round)")
                #expect(channel.messages == initial, "round \(round): a refused batch changes nothing")
                refused += 1
            }
        }
        #expect(applied > 300 && refused > 300, "both outcomes are exercised: \(applied) applied, \(refused) refused")
    }

    @Test func aFailureAfterADeleteAndAnEditRestoresBoth() {
        let initial = [F.message("1", "one"), F.message("2", "two", at: 2_000), F.message("3", "three", at: 3_000)]
        var channel = Channel(id: Self.general, name: "general", messages: initial)
        let events: [TranscriptEvent] = [
            .delete(channel: Self.general, id: MessageID("2")),
            .edit(channel: Self.general, id: MessageID("3"), text: "THREE", flavor: nil, spans: [], edited: nil),
            .message(F.message("4", "four", at: 4_000)),
            .append(channel: Self.general, id: MessageID("2"), text: "!"),
        ]
        #expect(throws: EventBatchFailure(index: 3, error: .unknownMessage(channel: Self.general, id: MessageID("2")))) {
            try channel.apply(events)
        }
        #expect(channel.messages == initial)
    }
}
