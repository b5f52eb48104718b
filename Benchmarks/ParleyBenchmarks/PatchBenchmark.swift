import Foundation
import ParleyHTML
import ParleyLayout
import ParleyLive
import ParleyModel
import ParleyPatch
import ParleyRender
import ParleyTestSupport

/// Bytes on the wire for four live changes on a 10,000-message page: our patch operations (their
/// JSON; the batch envelope and SSE framing excluded) against (1) replacing the whole message element, as Turbo Streams'
/// `replace` does, and (2) re-sending the whole page for a morph.
enum PatchBenchmark {
    static func run(messages count: Int = 10_000) {
        let templates = try! TemplateSet.load()
        let authors = (0..<8).map { Author(id: AuthorID("u\($0)"), name: "user\($0)", displayName: "User \($0)") }
        var random = SeededRandom(seed: 7)
        let messages = (0..<count).map { index in
            Message(
                id: MessageID(String(1_200_000_000_000_000_000 + index)), channel: ChannelID("bench"),
                author: authors[Int(random.next() % 8)], timestamp: Timestamp(milliseconds: 1_709_888_400_000 + Int64(index) * 45_000),
                content: Content(text: "message number \(index) about the picnic and the release"))
        }
        let live = LiveChannel(
            channel: Channel(id: ChannelID("bench"), name: "bench", messages: messages),
            options: LiveOptions(window: count, templates: templates))
        let renderer = MessageRenderer(context: RenderContext(templates: templates, clock: .utc))
        func element(_ message: Message) -> Int {
            renderer.render(LaidOutMessage(message: message, day: LocalDate(year: 2024, month: 3, day: 8), position: .only)).html.bytes
                .count
        }
        let page = live.withCurrentPage { _, sections in sections.bytes.count }
        var rows: [(String, Int, Int, Int)] = []
        let middle = count / 2
        let edit = live.update { $0[middle].content.text = "message number \(middle) about the picnic and the concert" }!
        rows.append(("(a) one-word edit", edit.operationsByteCount, element(live.messages[middle]), page))
        let reaction = live.update { $0[middle].reactions = [Reaction(emoji: "🎉", count: 1)] }!
        rows.append(("(b) reaction added", reaction.operationsByteCount, element(live.messages[middle]), page))
        var joining = live.messages[count - 1]
        joining.id = MessageID("1300000000000000000")
        joining.timestamp.milliseconds += 30_000
        joining.content.text = "joining the group above"
        let join = live.update { $0.append(joining) }!
        rows.append(("(c) message joins a group", join.operationsByteCount, 2 * element(joining), page + element(joining)))
        var reply = joining
        reply.id = MessageID("1300000000000000001")
        reply.timestamp.milliseconds += 60_000
        reply.content.text = ""
        _ = live.update { $0.append(reply) }
        let pageBefore = live.withCurrentPage { _, sections in sections.bytes.count }
        let tokens = (0..<1000).map { [" the", " picnic", " starts", " at", " noon", ",", " bring", " snacks"][$0 % 8] }
        var batches: [PatchBatch] = [], turbo = 0, morph = 0
        for token in tokens {
            batches.append(live.update { $0[$0.count - 1].content.text += token }!)
            reply.content.text += token
            turbo += element(reply)
            morph += pageBefore + reply.content.text.utf8.count
        }
        let tokenBytes = tokens.reduce(0) { $0 + $1.utf8.count }
        let perToken = batches.reduce(0) { $0 + $1.operationsByteCount }
        rows.append(("(d) 1,000 tokens, one batch each", perToken, turbo, morph))
        print("\n## Patch bytes on a \(count)-message page (JSON of the ops; batch envelope and SSE framing excluded)\n")
        print("| change | ours | replace element | whole page | element / ours | page / ours |")
        print("|---|---:|---:|---:|---:|---:|")
        for (name, ours, element, page) in rows {
            let ratios = [Double(element) / Double(ours), Double(page) / Double(ours)].map { String(format: "%.1f×", $0) }
            print("| \(name) | \(ours) | \(element) | \(page) | \(ratios[0]) | \(ratios[1]) |")
        }
        print(
            "\ntoken bytes \(tokenBytes); ours / token bytes: one batch each \(String(format: "%.2f", Double(perToken) / Double(tokenBytes)))"
        )
        print("(a) is \(edit)")
    }
}
