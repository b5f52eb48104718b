import ParleyModel

/// Random transcript mutations for the convergence property tests: create, edit (sometimes to no
/// text), delete, react or take a reaction back (so slots appear and disappear), a timestamp edit
/// that moves a message to another day, a burst of 100 inserts, a reply
/// streamed token by token, and the same message created twice.
public struct MutationGenerator {
    typealias F = LiveFixtures
    public var random: SeededRandom
    var nextID = 1000

    public init(seed: UInt64) { random = SeededRandom(seed: seed) }

    /// Messages over three days, some consecutive by one author so they group.
    public mutating func initialMessages() -> [Message] {
        (0..<random.below(16)).map { index in
            F.message("\(index)", minute: Int64(index * random.below(200)), author: random.below(3), text: "message \(index)")
        }
    }

    /// One step: a list of mutations, each of which the live channel turns into one batch.
    public mutating func step(_ messages: [Message]) -> [(inout [Message]) -> Void] {
        let last = messages.last.map { ($0.timestamp.milliseconds - F.start) / 60_000 } ?? 0
        switch (random.below(18) % 10, messages.isEmpty) {
        case (0, _), (_, true):
            let message = create(minute: last + Int64(random.below(20)))
            return [{ $0.append(message) }]
        case (1, false):
            let index = random.below(messages.count), text = random.chance(20) ? "" : "edited \(random.below(1000))"
            let edited = Timestamp(milliseconds: F.start + (last + 1) * 60_000)
            return [
                {
                    $0[index].content.text = text; $0[index].editedTimestamp = edited
                }
            ]
        case (2, false):
            let index = random.below(messages.count)
            return [{ $0.remove(at: index) }]
        case (3, false):
            let index = random.below(messages.count), emoji = ["👍", "🎉", "<b>"][random.below(3)], takeBack = random.chance(50)
            return [
                { messages in
                    if let reaction = messages[index].reactions.firstIndex(where: { $0.emoji == emoji }) {
                        if takeBack {
                            messages[index].reactions.remove(at: reaction)
                        } else {
                            messages[index].reactions[reaction].count += 1
                        }
                    } else {
                        messages[index].reactions.append(Reaction(emoji: emoji, count: 1))
                    }
                }
            ]
        case (4, false):
            let index = random.below(messages.count), shift = Int64([-1, 1, 2][random.below(3)] * 24 * 60 + random.below(60))
            return [{ $0[index].timestamp.milliseconds += shift * 60_000 }]
        case (5, false) where random.chance(25):
            var minute = last
            let burst = (0..<100).map { _ in
                minute += Int64(random.below(3))
                return create(minute: minute)
            }
            return [{ $0 += burst }]
        case (6, false):
            let reply = create(minute: last + 1, text: "", reply: messages[random.below(messages.count)].id.rawValue)
            let tokens = (0..<(1 + random.below(8))).map { _ in ["Sure", ",", " the", " <tag>", " & co", "\n", " done."][random.below(7)] }
            return [{ $0.append(reply) }] + tokens.map { token in { $0[$0.count - 1].content.text += token } }
        case (7, false):
            let copy = messages[random.below(messages.count)]
            return [
                { messages in
                    messages.removeAll { $0.id == copy.id }; messages.append(copy)
                }
            ]
        default:
            let index = random.below(messages.count), author = random.below(4)
            return [{ $0[index].author = F.authors[author] }]
        }
    }

    mutating func create(minute: Int64, text: String? = nil, reply: String? = nil) -> Message {
        nextID += 1
        return F.message("\(nextID)", minute: minute, author: random.below(3), text: text ?? "new \(nextID)", reply: reply)
    }
}
