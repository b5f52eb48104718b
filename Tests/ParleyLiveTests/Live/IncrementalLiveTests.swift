import ParleyLive
import ParleyModel
import ParleyPatch
import ParleyRender
import ParleyTestSupport
import Testing

/// The O(Δ) paths of a live channel (a message appended at the end, a change in place) give the
/// same batches, version by version, as the full path that lays the window out again and diffs
/// it — over thousands of seeded events of every kind, with windows small enough that appends
/// keep pushing messages out, days change and replies point inside, outside and nowhere.
@Suite struct IncrementalLiveTests {
    static let channelID = ChannelID("c")
    static let authors = [
        Author(id: AuthorID("u1"), name: "maya", displayName: "Maya"), Author(id: AuthorID("u2"), name: "ilya"),
        Author(id: AuthorID("bot"), name: "Assistant", isBot: true),
    ]

    /// Seeded events: mostly messages at the end (same author soon after, a new day, a reply to a
    /// message that exists or not), edits, streamed tokens and reactions; sometimes a delete, a
    /// message out of order or one that replaces an existing id (the full path on both sides).
    struct Script {
        var random: SeededRandom
        var existing: [MessageID] = []
        var created = 0
        var clock: Int64 = 1_709_888_102_000
        var reactions: [MessageID: Int] = [:]

        mutating func next() -> TranscriptEvent {
            let roll = random.below(100)
            guard !existing.isEmpty, roll >= 45 else { return message(outOfOrder: false) }
            let id = existing[random.below(existing.count)]
            switch roll {
            case 45..<57:
                clock += 1000
                let edited = random.below(3) == 0 ? nil : Timestamp(milliseconds: clock)
                return .edit(channel: channelID, id: id, text: "edited \(random.below(5))", flavor: nil, spans: [], edited: edited)
            case 57..<75: return .append(channel: channelID, id: id, text: " word\(random.below(100))")
            case 75..<85:
                reactions[id, default: 0] += 1
                return .reactionAdd(channel: channelID, id: id, reaction: Reaction(emoji: "👍", count: 1))
            case 85..<90:
                guard reactions[id, default: 0] > 0 else { return message(outOfOrder: false) }
                reactions[id, default: 0] -= 1
                return .reactionRemove(channel: channelID, id: id, reaction: Reaction(emoji: "👍", count: 1))
            case 90..<94:
                existing.removeAll { $0 == id }
                return .delete(channel: channelID, id: id)
            case 94..<97: return message(outOfOrder: true)
            default:
                return .message(
                    Message(
                        id: id, channel: channelID, author: Self.author(random.below(3)),
                        timestamp: Timestamp(milliseconds: clock), content: Content(text: "replaced")))
            }
        }

        static func author(_ index: Int) -> Author { IncrementalLiveTests.authors[index] }

        /// A new message: after the last one (same group, a new group, a new day), or before it.
        mutating func message(outOfOrder: Bool) -> TranscriptEvent {
            created += 1
            let gap: Int64 =
                switch random.below(10) {
                case 0: 86_400_000
                case 1...5: 30_000
                default: 60_000 + Int64(random.below(900_000))
                }
            clock += gap
            let id = MessageID("n\(created)")
            var reply: ReplyReference?
            if random.below(5) == 0 {
                let missing = existing.isEmpty || random.below(4) == 0
                let target = missing ? MessageID("n\(created + 1)") : existing[random.below(existing.count)]
                reply = ReplyReference(messageID: target)
            }
            existing.append(id)
            let time = outOfOrder ? clock - 3 * gap : clock
            return .message(
                Message(
                    id: id, channel: channelID, author: Self.author(random.below(3)), timestamp: Timestamp(milliseconds: time),
                    content: Content(text: "message \(created)"), reply: reply))
        }
    }

    static func channel(window: Int, templates: TemplateSet) -> LiveChannel {
        LiveChannel(channel: Channel(id: channelID, name: "c"), options: LiveOptions(window: window, templates: templates))
    }

    @Test(arguments: [1, 3, 8, 16, 40])
    func theIncrementalPathsGiveTheFullPathsBatches(window: Int) throws {
        let templates = try TemplateSet.load()
        var incrementalBatches = 0
        for seed in 0..<25 {
            let incremental = Self.channel(window: window, templates: templates)
            let full = Self.channel(window: window, templates: templates)
            var script = Script(random: SeededRandom(seed: UInt64(seed * 7919 + window)))
            for step in 0..<120 {
                let event = script.next()
                let fast = try? incremental.apply([event])
                let slow = try? full.update { messages throws(EventBatchFailure) in
                    var channel = Channel(id: Self.channelID, name: "c")
                    swap(&channel.messages, &messages)
                    defer { swap(&channel.messages, &messages) }
                    try channel.apply([event])
                }
                #expect(fast == slow, "window \(window), seed \(seed), step \(step): \(event)")
                if fast != nil { incrementalBatches += 1 }
            }
            #expect(incremental.version == full.version)
            #expect(incremental.messages == full.messages)
            #expect(
                incremental.withCurrentPage { $1.description } == full.withCurrentPage { $1.description }, "window \(window), seed \(seed)")
        }
        #expect(incrementalBatches > 1500, "most events change the page")
    }

    /// A window of 16 keeps 16 or 17 messages: its start moves two messages (an eighth) at once,
    /// on the append that takes the count past a multiple of two above 16.
    @Test func theWindowTrimsAnEighthAtATime() throws {
        let live = Self.channel(window: 16, templates: try TemplateSet.load())
        var removals: [Int: [PatchOperation]] = [:]
        var shown: [Int: Int] = [:]
        for index in 1...20 {
            let message = Message(
                id: MessageID("\(index)"), channel: Self.channelID, author: Self.authors[index % 2],
                timestamp: Timestamp(milliseconds: 1_709_888_102_000 + Int64(index) * 600_000), content: Content(text: "m\(index)"))
            let batch = try #require(try live.apply([.message(message)]))
            removals[index] = batch.operations.filter { $0.tag == "r" }
            shown[index] = live.withCurrentPage { $1.description.components(separatedBy: "<article").count - 1 }
        }
        #expect((1...20).map { shown[$0] } == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 16, 17, 16])
        #expect(removals[18] == [.remove(id: "m-1"), .remove(id: "m-2")])
        #expect(removals[20] == [.remove(id: "m-3"), .remove(id: "m-4")])
        #expect([17, 19].allSatisfy { removals[$0] == [] })
    }

    @Test func anEditFlashesTheMessageAndAStreamedTokenDoesNot() throws {
        let live = Self.channel(window: 10, templates: try TemplateSet.load())
        let message = Message(
            id: MessageID("1"), channel: Self.channelID, author: Self.authors[0], timestamp: Timestamp(milliseconds: 1_709_888_102_000),
            content: Content(text: "Hi"))
        let inserted = try #require(try live.apply([.message(message)]))
        #expect(inserted.operations.map(\.tag) == ["S", "i"])
        let token = try #require(try live.apply([.append(channel: Self.channelID, id: message.id, text: " there")]))
        #expect(token.operations == [.appendText(id: "m-1", slot: "text", text: " there")])
        let reaction = try #require(
            try live.apply([.reactionAdd(channel: Self.channelID, id: message.id, reaction: Reaction(emoji: "👍", count: 1))]))
        #expect(reaction.operations.map(\.tag) == ["c", "f"])
        #expect(reaction.operations.last == .transientClass(id: "m-1", className: "flash"))
        let edit = try #require(
            try live.apply([.edit(channel: Self.channelID, id: message.id, text: "Hello", flavor: nil, spans: [], edited: nil)]))
        #expect(edit.operations.map(\.tag) == ["s", "c", "f"])
        #expect(edit.operations.last == .transientClass(id: "m-1", className: "flash"))
    }
}
