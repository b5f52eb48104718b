import ParleyLayout
import ParleyModel
import ParleyRender
import ParleyTestSupport
import Testing

/// A page's day sections made straight from the layout (`days(of:in:)`) equal the run's laid-out
/// items grouped into days again (`days(items(of:in:))`) and the run's place in a layout of the
/// whole channel: same days, same messages, same group positions, whichever neighbours it has.
@Suite struct WindowDaysTests {
    static let renderer = WindowRenderer(templates: LiveFixtures.templates)

    /// `count` messages in display order, minutes apart by 0 to 900 (so days and groups change),
    /// by one of four authors.
    static func messages(_ count: Int, random: inout SeededRandom) -> [Message] {
        var minute: Int64 = 0
        return (0..<count).map { index in
            minute += Int64(random.below(4) == 0 ? random.below(900) : random.below(3))
            return LiveFixtures.message(String(1000 + index), minute: minute, author: random.below(4), text: "m\(index)")
        }
    }

    @Test func daysOfARunEqualItsItemsGroupedByDay() {
        var random = SeededRandom(seed: 0x5EC7_1045)
        var cases = 0, withBothNeighbours = 0, multiDay = 0
        for _ in 0..<3000 {
            let messages = Self.messages(1 + random.below(40), random: &random)
            let lower = random.below(messages.count), upper = lower + 1 + random.below(messages.count - lower)
            let days = Self.renderer.days(of: messages, in: lower..<upper)
            #expect(days == WindowRenderer.days(Self.renderer.items(of: messages, in: lower..<upper)))
            // The run's messages as a layout of the whole channel places them.
            let whole = Self.renderer.layout.layout(Channel(id: ChannelID("live"), name: "", messages: messages)).messages
            #expect(days == WindowRenderer.days(whole[lower..<upper]))
            #expect(days.reduce(0) { $0 + $1.messages.count } == upper - lower)
            #expect(days.first?.messages.first?.message.id == messages[lower].id)
            #expect(days.last?.messages.last?.message.id == messages[upper - 1].id)
            cases += 1
            if lower > 0, upper < messages.count { withBothNeighbours += 1 }
            if days.count > 1 { multiDay += 1 }
        }
        #expect(cases == 3000)
        #expect(withBothNeighbours > 1000)
        #expect(multiDay > 500)
        #expect(Self.renderer.days(of: Self.messages(3, random: &random), in: 1..<1).isEmpty)
    }
}
