import ParleyModel

extension DemoConversation {
    static let reply =
        "Reminder: the picnic starts at noon at Riverside Park. Bring sunscreen, a blanket, "
        + "something to share and your best potato salad. If it rains, we meet in the community hall on Elm Street instead."

    /// The steps of one round; message ids carry the round so every round adds new messages.
    func script() -> [Step] {
        let id = { (name: String, round: Int) in MessageID("demo-\(round)-\(name)") }
        let channelID = self.channelID, authors = authors
        func message(_ name: String, _ author: Int, _ text: String, reply: String? = nil) -> Step.Events {
            { now, round in
                [
                    .message(
                        Message(
                            id: id(name, round), channel: channelID, author: authors[author % authors.count], timestamp: now,
                            kind: reply == nil ? .default : .reply, content: Content(text: text),
                            reply: reply.map { ReplyReference(messageID: id($0, round)) }))
                ]
            }
        }
        var steps: [Step] = [
            Step(delay: 1500, events: message("ask", 0, "Who's joining the picnic tomorrow?")),
            Step(delay: 1200, events: message("cooler", 1, "Me! I'll bring the cooler.")),
            Step(delay: 700, events: message("cooler2", 1, "And ice, obviously 🧊")),
            Step(
                delay: 900,
                events: { _, round in [.reactionAdd(channel: channelID, id: id("ask", round), reaction: Reaction(emoji: "👍", count: 1))] }),
            Step(delay: 1000, events: message("count", 2, "Count me in")),
            Step(
                delay: 1500,
                events: { now, round in
                    [
                        .edit(
                            channel: channelID, id: id("count", round), text: "Count me in, with lemonade 🍋", flavor: nil, spans: [],
                            edited: now)
                    ]
                }),
            Step(delay: 1200, events: message("oops", 3, "oops, wrong channel")),
            Step(delay: 1800, events: { _, round in [.delete(channel: channelID, id: id("oops", round))] }),
            Step(delay: 1000, events: message("bot", 4, "", reply: "ask")),
        ]
        var words = Self.reply.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        for index in words.indices.dropFirst() { words[index] = " " + words[index] }
        for word in words {
            steps.append(Step(delay: 90, events: { _, round in [.append(channel: channelID, id: id("bot", round), text: word)] }))
        }
        steps.append(
            Step(
                delay: 800,
                events: { _, round in
                    [.reactionAdd(channel: channelID, id: id("bot", round), reaction: Reaction(emoji: "🎉", count: 2))]
                }))
        steps.append(Step(delay: 6000, events: { _, _ in [] }))
        return steps
    }
}

extension DemoConversation.Step {
    typealias Events = (_ now: Timestamp, _ round: Int) -> [TranscriptEvent]
}
