import ParleyModel
import ParleyTestSupport

/// A seeded series of valid events on one channel: creates (sometimes on a new day), edits,
/// appends, deletes and reaction changes, each naming a message that exists at that point.
struct LiveEventScript {
    let channel: ChannelID
    var random: SeededRandom
    /// The ids of the messages that exist, in creation order.
    private(set) var existing: [MessageID] = []
    /// Reactions added per message (so a remove never goes below zero).
    private var reactions: [MessageID: Int] = [:]
    private var created = 0
    private var clock: Int64 = 1_709_888_102_000
    static let limit = 40
    private let authors = [
        Author(id: AuthorID("u1"), name: "maya", displayName: "Maya"), Author(id: AuthorID("u2"), name: "ilya"),
        Author(id: AuthorID("bot"), name: "Assistant", isBot: true),
    ]

    init(channel: ChannelID, seed: UInt64, existing: [MessageID]) {
        self.channel = channel
        random = SeededRandom(seed: seed)
        self.existing = existing
    }

    /// The next event; a create when no message is left to change, a delete instead of a create
    /// at ``limit`` messages (so the page, and the time each change takes, stays small).
    mutating func next() -> TranscriptEvent {
        var roll = random.below(100)
        if roll < 30, existing.count >= Self.limit { roll = 70 }
        guard !existing.isEmpty, roll >= 30 else { return create() }
        let id = existing[random.below(existing.count)]
        switch roll {
        case 30..<45:
            clock += 1000
            return .edit(
                channel: channel, id: id, text: "edited \(random.below(1000))", flavor: nil, spans: [],
                edited: Timestamp(milliseconds: clock))
        case 45..<70: return .append(channel: channel, id: id, text: " word\(random.below(100))")
        case 70..<82:
            existing.removeAll { $0 == id }
            reactions[id] = nil
            return .delete(channel: channel, id: id)
        case 82..<93:
            reactions[id, default: 0] += 1
            return .reactionAdd(channel: channel, id: id, reaction: Reaction(emoji: "👍", count: 1))
        default:
            guard reactions[id, default: 0] > 0 else { return create() }
            reactions[id, default: 0] -= 1
            return .reactionRemove(channel: channel, id: id, reaction: Reaction(emoji: "👍", count: 1))
        }
    }

    /// A new message a minute after the last, or a day later one time in ten.
    private mutating func create() -> TranscriptEvent {
        created += 1
        clock += random.below(10) == 0 ? 86_400_000 : 60_000 + Int64(random.below(600_000))
        let id = MessageID("r\(created)")
        existing.append(id)
        return .message(
            Message(
                id: id, channel: channel, author: authors[random.below(authors.count)], timestamp: Timestamp(milliseconds: clock),
                content: Content(text: "message \(created)")))
    }
}
