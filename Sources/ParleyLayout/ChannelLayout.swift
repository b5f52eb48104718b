import ParleyModel

/// A message placed in the layout: its day and its position in its group.
public struct LaidOutMessage: Hashable, Sendable {
    public var message: Message
    /// The local date of the message's day section.
    public var day: LocalDate
    public var position: GroupPosition

    public init(message: Message, day: LocalDate, position: GroupPosition) {
        self.message = message
        self.day = day
        self.position = position
    }
}

/// A day section: the messages of one local calendar day, in display order.
public struct DaySection: Hashable, Sendable {
    public var date: LocalDate
    public var messages: [LaidOutMessage]

    public init(date: LocalDate, messages: [LaidOutMessage]) {
        self.date = date
        self.messages = messages
    }
}

/// A channel laid out for display: day sections in chronological order.
public struct ChannelLayout: Hashable, Sendable {
    public var channel: Channel
    /// Day sections, oldest first; each holds its messages in display order.
    public var days: [DaySection]

    public init(channel: Channel, days: [DaySection]) {
        self.channel = channel
        self.days = days
    }

    /// All messages in display order.
    public var messages: [LaidOutMessage] { days.flatMap(\.messages) }

    /// The number of messages in all day sections.
    public var messageCount: Int { days.reduce(0) { $0 + $1.messages.count } }
}
