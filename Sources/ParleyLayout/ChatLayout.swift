import ParleyModel

/// Orders a channel's messages, splits them into day sections and groups them.
///
/// Order is by (timestamp, message id), stable for equal keys. Days are local calendar days in
/// the clock's time zone. Grouping follows the ``GroupingPolicy``.
public struct ChatLayout: Sendable {
    public var policy: GroupingPolicy
    public var clock: ZoneClock

    public init(policy: GroupingPolicy = .discord, clock: ZoneClock = .utc) {
        self.policy = policy
        self.clock = clock
    }

    /// Lays out `channel`.
    /// - Returns: day sections in chronological order; every message of the channel appears once.
    /// - Complexity: O(n log n) for n messages (the sort); O(n) when already in order.
    public func layout(_ channel: Channel) -> ChannelLayout {
        let ordered = Self.displayOrder(channel.messages)
        // Read in place: a message passed on from an array's subscript is copied first.
        let (days, starts) = ordered.withUnsafeBufferPointer { buffer in
            var days: [LocalDate] = []
            days.reserveCapacity(buffer.count)
            for index in buffer.indices { days.append(clock.localDate(buffer[index].timestamp)) }
            var starts = [Bool](repeating: true, count: buffer.count)
            guard let first = buffer.baseAddress else { return (days, starts) }
            for index in buffer.indices.dropFirst() {
                starts[index] = !policy.continues(first + index, after: first + index - 1, sameDay: days[index] == days[index - 1])
            }
            return (days, starts)
        }
        var sections: [DaySection] = []
        for index in ordered.indices {
            let nextContinues = index + 1 < ordered.count && !starts[index + 1]
            let item = LaidOutMessage(
                message: ordered[index], day: days[index],
                position: GroupPosition(starts: starts[index], nextContinues: nextContinues))
            if sections.last?.date == days[index] {
                sections[sections.count - 1].messages.append(item)
            } else {
                // A day's section is made once with room for all of its messages.
                var messages: [LaidOutMessage] = []
                messages.reserveCapacity(days[index...].prefix { $0 == days[index] }.count)
                messages.append(item)
                sections.append(DaySection(date: days[index], messages: messages))
            }
        }
        return ChannelLayout(channel: channel, days: sections)
    }

    /// Messages sorted by (timestamp, id); equal keys keep their input order.
    public static func displayOrder(_ messages: [Message]) -> [Message] {
        let isSorted = messages.withUnsafeBufferPointer { buffer in
            buffer.indices.dropFirst().allSatisfy { index in
                !precedes(buffer[index].timestamp, buffer[index].id, buffer[index - 1].timestamp, buffer[index - 1].id)
            }
        }
        if isSorted { return messages }
        return messages.enumerated().sorted { lhs, rhs in
            if precedes(lhs.element, rhs.element) { return true }
            if precedes(rhs.element, lhs.element) { return false }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    /// Whether `lhs` comes before `rhs` in display order: by timestamp, then id.
    public static func precedes(_ lhs: Message, _ rhs: Message) -> Bool { precedes(lhs.timestamp, lhs.id, rhs.timestamp, rhs.id) }

    /// Whether a message sent at `lhsTime` with id `lhsID` comes before one sent at `rhsTime`
    /// with id `rhsID`: the order of ``precedes(_:_:)``, from the two fields it reads (a caller
    /// reading messages in place passes them without copying the messages).
    static func precedes(_ lhsTime: Timestamp, _ lhsID: MessageID, _ rhsTime: Timestamp, _ rhsID: MessageID) -> Bool {
        if lhsTime != rhsTime { return lhsTime < rhsTime }
        return lhsID < rhsID
    }
}
