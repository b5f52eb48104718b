import ParleyHTML
import ParleyLayout
import ParleyModel

/// Lays out and renders a run of consecutive messages of one channel: the one way Parley turns
/// messages into day sections, for the live page's window, a static channel's live page, the
/// "load older" reply and each page of `parley render`.
///
/// A run is laid out with the messages just before and after it, so its group positions and
/// days are exactly those of a layout of the whole channel.
public struct WindowRenderer: Sendable {
    /// The templates messages and day sections are written with.
    public let templates: TemplateSet
    /// How messages are ordered, split into days and grouped.
    public let layout: ChatLayout

    /// A renderer writing with `templates`, grouping by `policy` and splitting days in `clock`'s
    /// time zone.
    public init(templates: TemplateSet, policy: GroupingPolicy = .discord, clock: ZoneClock = .utc) {
        self.templates = templates
        self.layout = ChatLayout(policy: policy, clock: clock)
    }

    /// The laid-out messages of `messages[range]`, with the group positions and days a layout of
    /// all of `messages` gives them.
    /// - Parameters:
    ///   - messages: A channel's messages in display order (``ChatLayout/displayOrder(_:)``).
    ///   - range: The run, a range of `messages`' indices.
    /// - Complexity: O(range.count).
    public func items(of messages: [Message], in range: Range<Int>) -> [LaidOutMessage] {
        days(of: messages, in: range).flatMap(\.messages)
    }

    /// The day sections of `messages[range]` (``items(of:in:)`` grouped by day), laid out with
    /// the messages just before and after the run, which are left out of them.
    /// - Parameters:
    ///   - messages: A channel's messages in display order (``ChatLayout/displayOrder(_:)``).
    ///   - range: The run, a range of `messages`' indices.
    /// - Complexity: O(range.count).
    public func days(of messages: [Message], in range: Range<Int>) -> [DaySection] {
        guard !range.isEmpty else { return [] }
        let lower = max(range.lowerBound - 1, messages.startIndex), upper = min(range.upperBound + 1, messages.endIndex)
        let window = lower == messages.startIndex && upper == messages.endIndex ? messages : Array(messages[lower..<upper])
        var days = layout.layout(Channel(id: messages[range.lowerBound].channel, name: "", messages: window)).days
        // The neighbours laid out with the run are its first day's first message and its last day's last.
        if lower < range.lowerBound {
            days[0].messages.removeFirst()
            if days[0].messages.isEmpty { days.removeFirst() }
        }
        if upper > range.upperBound {
            days[days.count - 1].messages.removeLast()
            if days[days.count - 1].messages.isEmpty { days.removeLast() }
        }
        return days
    }

    /// `items` (consecutive, in display order) grouped into day sections.
    /// - Complexity: O(items).
    public static func days(_ items: some Sequence<LaidOutMessage>) -> [DaySection] {
        var days: [DaySection] = []
        for item in items {
            if days.last?.date == item.day {
                days[days.count - 1].messages.append(item)
            } else {
                days.append(DaySection(date: item.day, messages: [item]))
            }
        }
        return days
    }

    /// The day sections of `messages[range]` rendered in `context` (the children of a live
    /// page's `<main>`, or a "load older" reply).
    /// - Complexity: O(range.count + bytes written).
    public func sections(of messages: [Message], in range: Range<Int>, context: RenderContext) -> SafeHTML {
        var writer = HTMLWriter(capacity: 2048 * range.count)
        write(Self.days(items(of: messages, in: range)), context: context, into: &writer)
        return writer.fragment
    }

    /// Writes `days` at the end of `writer`: each day section with its messages rendered in
    /// `context` (authors' headers, avatars included, computed once per author).
    /// - Complexity: O(bytes written).
    public func write(_ days: some Sequence<DaySection>, context: RenderContext, into writer: inout HTMLWriter) {
        let messages = MessageRenderer(context: context)
        let pages = PageRenderer(templates: templates)
        var authors = AuthorHeaders()
        for day in days {
            pages.writeDay(day.date, into: &writer) { writer in
                // By index: each message is read where it is, not copied out of the section.
                let items = day.messages
                for index in items.indices {
                    messages.write(items[index], header: authors.header(items[index].message.author, context: context), into: &writer)
                }
            }
        }
    }

    /// One message's element rendered in `context`, with the parts a later change may touch.
    /// - Complexity: O(size of the element).
    public func element(_ item: LaidOutMessage, context: RenderContext) -> ElementRendering {
        MessageRenderer(context: context).render(item)
    }

    /// A day section's element split around its messages: `opening` (start tag and heading) and
    /// `closing`.
    public func dayContainer(_ date: LocalDate) -> (opening: SafeHTML, closing: SafeHTML) {
        PageRenderer(templates: templates).dayContainer(date)
    }
}
