import ParleyHTML
import ParleyModel
import ParleyTestSupport
import Testing

@testable import ParleyRender

/// Whether a stored message references local media (what keeps its page from being kept on an
/// update that resolves media).
@Suite struct LocalMediaTests {
    static let pool: [String?] = [
        nil, "", "https://cdn.example/a.png", "http://cdn.example/a.png", "HTTPS://cdn.example/a.png", "https:",
        "http:x", " https://cdn.example/a.png", "\thttps://x/a.png", "ht\ttps://x/a.png", "https\n://x", "media/a.png",
        "a.png", "../a.png", "/etc/passwd", "file:///etc/passwd", "javascript:alert(1)", "//cdn.example/a.png",
        "mailto:a@example.com", "data:image/png;base64,AA==", "httpx://x", "ni:///sha-256;AAAA",
    ]

    /// Over 4,000 seeded messages whose avatar, attachments, stickers, reactions and embeds draw
    /// their references from remote, local, malformed and refused forms: the answer equals "one of
    /// the message's references is not remote", and the local references listed for resolving are
    /// those, each once, in order.
    @Test func localMediaMeansAReferenceThatIsNotRemote() {
        var random = SeededRandom(seed: 0x10CA1)
        func pick() -> String? { Self.pool[Int.random(in: 0..<Self.pool.count, using: &random)] }
        var local = 0
        for index in 0..<4_000 {
            let author = Author(id: AuthorID("a"), name: "a", avatarURL: pick())
            var message = Message(
                id: MessageID(String(index)), channel: ChannelID("c"), author: author,
                timestamp: Timestamp(milliseconds: Int64(index)), content: Content(text: "x"))
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                message.attachments.append(Attachment(id: "f", url: pick() ?? "", fileName: "f.png"))
            }
            if Bool.random(using: &random) { message.stickers.append(Sticker(id: "s", name: "s", format: "png", url: pick())) }
            if Bool.random(using: &random) {
                message.reactions.append(
                    Reaction(emoji: "e", emojiID: Bool.random(using: &random) ? "1" : nil, imageURL: pick(), count: 1))
            }
            if Bool.random(using: &random) {
                message.embeds.append(Embed(thumbnailURL: pick(), imageURLs: [pick(), pick()].compactMap { $0 }))
            }
            // Every reference a page shows, written out field by field.
            var shown: [String?] = [message.author.avatarURL] + message.attachments.map(\.url) + message.stickers.map(\.url)
            shown += message.reactions.filter { $0.emojiID != nil }.map(\.imageURL)
            shown += message.embeds.flatMap { [$0.thumbnailURL] + $0.imageURLs }
            let localShown = shown.compactMap { $0 }.filter { !$0.isEmpty && !LinkPolicy.isRemote($0) }
            var unique: [String] = []
            for reference in localShown where !unique.contains(reference) { unique.append(reference) }
            #expect(MediaStore.localReferences(in: [message]) == unique)
            let expected = !localShown.isEmpty
            #expect(MediaStore.hasLocalMedia(message) == expected, "\(message)")
            if expected { local += 1 }
        }
        #expect(local > 1_000 && local < 3_900)
    }

    /// Which of the pool's references are remote: written `http(s):` first (the shortcut), and
    /// those that are so once cleaned as browsers clean them (case, a leading space, a tab or line
    /// feed inside the scheme).
    @Test func remoteReferences() {
        let remote = Self.pool.compactMap { $0 }.filter(LinkPolicy.isRemote)
        #expect(
            remote == [
                "https://cdn.example/a.png", "http://cdn.example/a.png", "HTTPS://cdn.example/a.png", "https:", "http:x",
                " https://cdn.example/a.png", "\thttps://x/a.png", "ht\ttps://x/a.png", "https\n://x",
            ])
    }
}
