import Foundation
import ParleyModel
import ParleyTestSupport

/// A transcript that puts every injection payload in every field a page shows: channel names and
/// topics, author names, ids and colours, message text in each markup flavor, link targets,
/// file names and media paths, embed fields, colours and URLs, reactions, stickers, replies,
/// forwards, mentions resolved through the directory, and the transcript's title.
enum InjectionCorpus {
    /// The payloads of `Fixtures/injection-payloads.txt` (one per line), plus one with a NUL.
    static func payloads() throws -> [String] {
        let text = try String(contentsOf: TestPaths.fixture("injection-payloads.txt"), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) + ["nul\u{0}<script>pwn()</script>"]
    }

    /// One channel per two payloads: the first is its name, the second its topic, and each of
    /// its messages carries one of the two in one flavor, plus a message with every rich part.
    static func transcript(_ payloads: [String]) -> Transcript {
        var directory = Directory()
        for (index, payload) in payloads.enumerated() {
            directory.users[String(100_000 + index)] = payload
            directory.channels[String(100_000 + index)] = payload
            directory.roles[String(100_000 + index)] = payload
            directory.emoji[String(200_000 + index)] = CustomEmoji(name: payload, imageURL: payload)
        }
        let channels = stride(from: 0, to: payloads.count, by: 2).map { first in
            let pair = Array(payloads[first..<min(first + 2, payloads.count)])
            return Channel(
                id: ChannelID("c\(first)"), name: pair[0], topic: pair.last, kind: first % 4 == 0 ? .text : .thread, category: pair[0],
                messages: pair.enumerated().flatMap { offset, payload in messages(payload, index: first + offset, channel: first) })
        }
        return Transcript(title: payloads[0], channels: channels, directory: directory)
    }

    static func messages(_ payload: String, index: Int, channel: Int) -> [Message] {
        let author = Author(
            id: AuthorID(payload), name: payload, displayName: payload, avatarURL: payload, color: payload, isBot: index % 3 == 0)
        let base = Int64(1_700_000_000 + index * 100)
        let id = 100_000 + index
        let texts: [Content] = [
            Content(text: payload, flavor: .plain),
            Content(
                text:
                    "\(payload)\n**\(payload)** [\(payload)](\(payload)) <@\(id)> <#\(id)> <@&\(id)> <:x:\(200_000 + index)> :\(payload):",
                flavor: .discordMarkdown),
            Content(text: "\(payload) *\(payload)* <\(payload)|\(payload)> <@\(id)|\(payload)> <#\(id)>", flavor: .slackMrkdwn),
            Content(text: "\(payload)\n> \(payload)\n```\(payload)\n```", flavor: .whatsapp),
            Content(
                text: "\(payload) \(payload)",
                spans: [
                    FormatSpan(kind: .textLink, offset: 0, length: payload.utf16.count, value: payload),
                    FormatSpan(kind: .pre, offset: payload.utf16.count + 1, length: payload.utf16.count, value: payload),
                ]),
            Content(
                text: "\(payload)\n\n[\(payload)](\(payload)) ![\(payload)](\(payload))\n\n| \(payload) |\n|---|\n| \(payload) |",
                flavor: .commonMark),
            Content(text: payload, flavor: .html),
        ]
        var messages = texts.enumerated().map { number, content in
            Message(
                id: MessageID("\(payload)#\(number)"), channel: ChannelID("c\(channel)"), author: author,
                timestamp: Timestamp(seconds: base + Int64(number)), content: content)
        }
        messages.append(rich(payload, index: index, channel: channel, author: author, at: Timestamp(seconds: base + 50)))
        return messages
    }

    static func rich(_ payload: String, index: Int, channel: Int, author: Author, at timestamp: Timestamp) -> Message {
        var attachments = ["png", "mp4", "mp3", "pdf"].map { ext in
            Attachment(id: payload, url: payload, fileName: "\(payload).\(ext)", sizeBytes: 1, width: 1, height: 1, description: payload)
        }
        attachments.append(Attachment(id: payload, url: "https://example.org/\(payload).png", fileName: payload, description: payload))
        attachments[3].contentType = payload
        var message = Message(
            id: MessageID("\(payload)#rich"), channel: ChannelID("c\(channel)"), author: author, timestamp: timestamp,
            editedTimestamp: Timestamp(seconds: timestamp.milliseconds / 1000 + 60), kind: .reply,
            content: Content(text: payload, flavor: .discordMarkdown), attachments: attachments,
            embeds: [
                Embed(
                    title: payload, url: payload, description: payload, color: payload, authorName: payload, thumbnailURL: payload,
                    imageURLs: [payload, "https://example.org/\(payload)"],
                    fields: [Embed.Field(name: payload, value: payload, isInline: true)],
                    footer: payload)
            ],
            stickers: [
                Sticker(id: payload, name: payload, format: "Png", url: payload), Sticker(id: payload, name: payload, format: payload),
            ],
            reactions: [
                Reaction(emoji: payload, count: 1), Reaction(emoji: payload, emojiID: String(200_000 + index), imageURL: payload, count: 2),
                Reaction(emoji: payload, emojiID: payload, count: 3),
            ],
            mentions: [Mention(id: AuthorID(payload), name: payload)], reply: ReplyReference(messageID: MessageID("\(payload)#1")),
            isPinned: true)
        message.forwardedFrom = ForwardOrigin(authorName: payload, channelName: payload, timestamp: timestamp, url: payload)
        message.thread = ChannelID(channel % 4 == 0 ? "c2" : "c0")
        return message
    }
}
