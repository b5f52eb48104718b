import ParleyModel
import ParleyTestSupport
import Testing

/// The pure event transitions the live server and the JSON Lines reader share.
@Suite struct TranscriptEventTests {
    static let general = ChannelID("general")
    static let maya = Author(id: AuthorID("u1"), name: "maya")

    static func message(_ id: String, _ text: String, at milliseconds: Int64 = 1_000) -> Message {
        Message(
            id: MessageID(id), channel: general, author: maya, timestamp: Timestamp(milliseconds: milliseconds),
            content: Content(text: text))
    }

    static func transcript(_ messages: [Message] = []) -> Transcript {
        Transcript(title: "T", channels: [Channel(id: general, name: "general", messages: messages)])
    }

    @Test func messageEditAppendReactionsAndDelete() throws {
        var transcript = Self.transcript()
        try transcript.apply(.message(Self.message("1", "Hello!")))
        try transcript.apply(.message(Self.message("2", "")))
        try transcript.apply(.append(channel: Self.general, id: MessageID("2"), text: "Hi Maya"))
        try transcript.apply(.append(channel: Self.general, id: MessageID("2"), text: ", how can I help?"))
        let thumbs = Reaction(emoji: "👍", count: 1)
        try transcript.apply(.reactionAdd(channel: Self.general, id: MessageID("1"), reaction: thumbs))
        try transcript.apply(.reactionAdd(channel: Self.general, id: MessageID("1"), reaction: Reaction(emoji: "👍", count: 2)))
        try transcript.apply(.reactionRemove(channel: Self.general, id: MessageID("1"), reaction: thumbs))
        try transcript.apply(
            .edit(
                channel: Self.general, id: MessageID("1"), text: "Hello, everyone!", flavor: nil, spans: [],
                edited: Timestamp(milliseconds: 5_000)))
        let messages = transcript.channels[0].messages
        #expect(messages.map(\.content.text) == ["Hello, everyone!", "Hi Maya, how can I help?"])
        #expect(messages[0].editedTimestamp == Timestamp(milliseconds: 5_000))
        #expect(messages[1].editedTimestamp == nil)
        #expect(messages[0].reactions == [Reaction(emoji: "👍", count: 2)])
        try transcript.apply(.delete(channel: Self.general, id: MessageID("2")))
        #expect(transcript.channels[0].messages.map(\.id) == [MessageID("1")])
    }

    @Test func aResentMessageReplacesTheFirstAndAReactionAtZeroDisappears() throws {
        var transcript = Self.transcript([Self.message("1", "draft")])
        try transcript.apply(.message(Self.message("1", "final")))
        #expect(transcript.channels[0].messages.map(\.content.text) == ["final"])
        let heart = Reaction(emoji: "❤️", count: 1)
        try transcript.apply(.reactionAdd(channel: Self.general, id: MessageID("1"), reaction: heart))
        try transcript.apply(.reactionRemove(channel: Self.general, id: MessageID("1"), reaction: heart))
        #expect(transcript.channels[0].messages[0].reactions.isEmpty)
    }

    @Test func anEditWithoutATimeKeepsThePreviousEditTimeOrTheSendTime() throws {
        var transcript = Self.transcript([Self.message("1", "a", at: 7_000)])
        let edit = TranscriptEvent.edit(
            channel: Self.general, id: MessageID("1"), text: "**b**", flavor: .commonMark, spans: [], edited: nil)
        try transcript.apply(edit)
        #expect(transcript.channels[0].messages[0].editedTimestamp == Timestamp(milliseconds: 7_000))
        #expect(transcript.channels[0].messages[0].content == Content(text: "**b**", flavor: .commonMark))
        try transcript.apply(
            .edit(channel: Self.general, id: MessageID("1"), text: "c", flavor: nil, spans: [], edited: Timestamp(milliseconds: 9_000)))
        try transcript.apply(.edit(channel: Self.general, id: MessageID("1"), text: "d", flavor: nil, spans: [], edited: nil))
        #expect(transcript.channels[0].messages[0].editedTimestamp == Timestamp(milliseconds: 9_000))
        #expect(transcript.channels[0].messages[0].content.flavor == .commonMark)
    }

    @Test(arguments: [
        (
            TranscriptEvent.delete(channel: ChannelID("random"), id: MessageID("1")),
            EventError.unknownChannel(ChannelID("random"))
        ),
        (
            TranscriptEvent.append(channel: general, id: MessageID("9"), text: "x"),
            EventError.unknownMessage(channel: general, id: MessageID("9"))
        ),
        (
            TranscriptEvent.reactionRemove(channel: general, id: MessageID("1"), reaction: Reaction(emoji: "🎉", count: 1)),
            EventError.unknownReaction(channel: general, id: MessageID("1"), emoji: "🎉")
        ),
        (
            TranscriptEvent.reactionAdd(channel: general, id: MessageID("1"), reaction: Reaction(emoji: "🎉", count: 0)),
            EventError.invalidCount(channel: general, id: MessageID("1"), count: 0)
        ),
    ])
    func badEventsThrowAndChangeNothing(event: TranscriptEvent, error: EventError) {
        let before = Self.transcript([Self.message("1", "a")])
        var transcript = before
        #expect(throws: error) { try transcript.apply(event) }
        #expect(transcript == before)
        var indexed = IndexedTranscript(before)
        #expect(throws: error) { try indexed.apply(event) }
        #expect(indexed.transcript == before)
    }

    @Test func errorsSayWhatWasExpected() {
        #expect(
            EventError.unknownMessage(channel: Self.general, id: MessageID("9")).description
                == "no message \"9\" in channel \"general\": expected an existing message")
        #expect(EventError.unknownChannel(ChannelID("x")).description == "no channel \"x\": expected a channel of the header")
    }

    /// 300 seeded random events: the indexed transcript passes through the same states as
    /// `Transcript.apply`, failures included.
    @Test(arguments: [1, 2, 3, 42] as [UInt64])
    func indexedTranscriptMatchesTheReference(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var reference = Self.transcript()
        var indexed = IndexedTranscript(reference)
        for step in 0..<300 {
            let id = MessageID(String(random.below(12)))
            let emoji = ["👍", "🎉"][random.below(2)]
            let event: TranscriptEvent
            switch random.below(6) {
            case 0, 1: event = .message(Self.message(id.rawValue, "m\(step)", at: Int64(step)))
            case 2: event = .append(channel: Self.general, id: id, text: "+\(step)")
            case 3: event = .delete(channel: Self.general, id: id)
            case 4: event = .reactionAdd(channel: Self.general, id: id, reaction: Reaction(emoji: emoji, count: 1 + random.below(2)))
            default: event = .reactionRemove(channel: Self.general, id: id, reaction: Reaction(emoji: emoji, count: 1))
            }
            var expected: EventError?
            do throws(EventError) { try reference.apply(event) } catch { expected = error }
            var actual: EventError?
            do throws(EventError) { try indexed.apply(event) } catch { actual = error }
            #expect(actual == expected, "seed \(seed), step \(step)")
            #expect(indexed.transcript == reference, "seed \(seed), step \(step): \(event)")
        }
    }
}
