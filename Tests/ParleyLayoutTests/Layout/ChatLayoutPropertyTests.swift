import ParleyLayout
import ParleyModel
import ParleyTestSupport
import Testing

/// Over seeded channels of messages that tie in time, cross midnight, change author, name, kind,
/// reply, forward origin and bot, `ChatLayout` orders them by time then id (ties in input order)
/// and places each in its group exactly as the grouping rule, written out here field by field,
/// says (the layout reads the messages in place, not through copies).
@Suite struct ChatLayoutPropertyTests {
    static let policy = GroupingPolicy.discord

    static func continues(_ message: Message, after previous: Message) -> Bool {
        let day = { (message: Message) in message.timestamp.milliseconds.quotientAndRemainder(dividingBy: 86_400_000).quotient }
        return day(message) == day(previous)
            && !message.kind.isSystem && !previous.kind.isSystem && message.reply == nil && message.kind != .reply
            && message.author.id == previous.author.id && message.author.shownName == previous.author.shownName
            && message.forwardedFrom == previous.forwardedFrom && message.viaBot == previous.viaBot
            && message.timestamp.milliseconds - previous.timestamp.milliseconds <= policy.maximumGapMilliseconds
    }

    static func message(_ random: inout SeededRandom, number: Int) -> Message {
        // 23:52 UTC on 2024-03-30 plus 0 to 14 minutes in steps of 2: ties, gaps over 7 minutes, midnight.
        let time = 1_711_842_720_000 + Int64(random.below(8)) * 120_000
        let author = random.below(2)
        let kinds: [Message.Kind] = [.default, .default, .default, .default, .default, .default, .reply, .system, .deleted]
        let ids = ["\(number)", "\(random.below(4))", "x\(random.below(3))", "0\(number)"]
        var message = Message(
            id: MessageID(ids[random.below(ids.count)]), channel: ChannelID("c"),
            author: Author(id: AuthorID("a\(author)"), name: "n\(author)", displayName: random.below(10) == 0 ? "nick" : nil),
            timestamp: Timestamp(milliseconds: time), kind: kinds[random.below(kinds.count)], content: Content(text: "m\(number)"))
        if random.below(10) == 0 { message.reply = ReplyReference(messageID: MessageID("1")) }
        if random.below(10) == 0 { message.forwardedFrom = ForwardOrigin(authorName: "f\(random.below(2))") }
        if random.below(10) == 0 { message.viaBot = "bot\(random.below(2))" }
        return message
    }

    @Test func orderAndGroupsFollowTheRulesWrittenOut() {
        var random = SeededRandom(seed: 0x1A40)
        var grouped = 0
        for _ in 0..<3_000 {
            let messages = (0..<random.below(14)).map { Self.message(&random, number: $0) }
            let layout = ChatLayout(policy: Self.policy).layout(Channel(id: ChannelID("c"), name: "c", messages: messages))
            let expected = messages.enumerated().sorted { lhs, rhs in
                if ChatLayout.precedes(lhs.element, rhs.element) { return true }
                if ChatLayout.precedes(rhs.element, lhs.element) { return false }
                return lhs.offset < rhs.offset
            }.map(\.element)
            #expect(layout.messages.map(\.message.content.text) == expected.map(\.content.text))
            let starts = expected.indices.map { $0 == 0 || !Self.continues(expected[$0], after: expected[$0 - 1]) }
            let positions = expected.indices.map {
                GroupPosition(starts: starts[$0], nextContinues: $0 + 1 < expected.count && !starts[$0 + 1])
            }
            #expect(layout.messages.map(\.position) == positions)
            grouped += starts.count(where: { !$0 })
        }
        // The seeds make groups, not only single messages.
        #expect(grouped > 2_000, "\(grouped)")
    }
}
