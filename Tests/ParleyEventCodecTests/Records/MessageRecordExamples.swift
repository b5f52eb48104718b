import ParleyModel

/// Hand-written `message` records with their exact bytes (`docs/FORMAT.md`), as `JSONEncoder`
/// writes them: keys sorted by their bytes, nil and empty values left out, `/` and non-ASCII text
/// as they are.
enum MessageRecordExamples {
    /// Every field of the record set.
    static let everyField: (Message, String) = {
        var attachment = Attachment(
            id: "a1", url: "files/a1.png", fileName: "a1.png", sizeBytes: 2048, width: 640, height: 480, description: "a cat")
        attachment.contentType = "image/png"
        var embed = Embed(
            title: "Title", url: "https://example.org", description: "desc", color: "#FFFFFF", authorName: "Eve",
            thumbnailURL: "t.png", imageURLs: ["i1.png"], fields: [Embed.Field(name: "n", value: "v", isInline: true)], footer: "foot")
        embed.flavor = .discordMarkdown
        var message = Message(
            id: MessageID("42"), channel: ChannelID("general"),
            author: Author(
                id: AuthorID("u1"), name: "maya", displayName: "Maya", avatarURL: "https://cdn.example/a/u1.png", color: "#E67E22",
                isBot: true),
            timestamp: Timestamp(milliseconds: 1_709_889_302_123), editedTimestamp: Timestamp(milliseconds: 1_709_889_360_000),
            kind: .reply,
            content: Content(
                text: "bold and a link",
                spans: [
                    FormatSpan(kind: .bold, offset: 0, length: 4),
                    FormatSpan(kind: .textLink, offset: 11, length: 4, value: "https://example.org/a?b=c"),
                ]),
            attachments: [attachment], embeds: [embed], stickers: [Sticker(id: "s1", name: "wave", format: "Png", url: "stickers/s1.png")],
            reactions: [Reaction(emoji: "shipit", emojiID: "123", imageURL: "emoji/123.png", count: 3)],
            mentions: [Mention(id: AuthorID("u2"), name: "ben")],
            reply: ReplyReference(messageID: MessageID("41"), channelID: ChannelID("random")),
            isPinned: true)
        message.forwardedFrom = ForwardOrigin(
            authorName: "Chen", channelName: "news", timestamp: Timestamp(milliseconds: 0), url: "https://example.org/m/1")
        message.viaBot = "@gif"
        message.thread = ChannelID("t1")
        message.isOutgoing = true
        let record =
            #"{"attachments":[{"contentType":"image/png","description":"a cat","fileName":"a1.png","height":480,"id":"a1","#
            + ##""sizeBytes":2048,"url":"files/a1.png","width":640}],"author":{"avatarURL":"https://cdn.example/a/u1.png","bot":true,"##
            + ##""color":"#E67E22","##
            + #""displayName":"Maya","id":"u1","name":"maya"},"channel":"general","content":"bold and a link","#
            + ##""edited":"2024-03-08T09:16:00.000Z","embeds":[{"authorName":"Eve","color":"#FFFFFF","description":"desc","##
            + #""fields":[{"isInline":true,"name":"n","value":"v"}],"flavor":"discordMarkdown","footer":"foot","imageURLs":["i1.png"],"#
            + #""thumbnailURL":"t.png","title":"Title","url":"https://example.org"}],"flavor":"spans","#
            + #""forwardedFrom":{"authorName":"Chen","channelName":"news","timestamp":"1970-01-01T00:00:00.000Z","#
            + #""url":"https://example.org/m/1"},"#
            + #""id":"42","kind":"reply","mentions":[{"id":"u2","name":"ben"}],"outgoing":true,"pinned":true,"#
            + #""reactions":[{"count":3,"emoji":"shipit","emojiID":"123","imageURL":"emoji/123.png"}],"replyChannel":"random","#
            + #""replyTo":"41","spans":[{"kind":"bold","length":4,"offset":0},"#
            + #"{"kind":"textLink","length":4,"offset":11,"value":"https://example.org/a?b=c"}],"#
            + #""stickers":[{"format":"Png","id":"s1","name":"wave","url":"stickers/s1.png"}],"thread":"t1","#
            + #""timestamp":"2024-03-08T09:15:02.123Z","type":"message","viaBot":"@gif"}"#
        return (message, record)
    }()

    /// Text JSON must escape, and an embed whose lists are empty (written all the same).
    static let escapes: (Message, String) = (
        Message(
            id: MessageID("1"), channel: ChannelID("c"), author: Author(id: AuthorID("u"), name: ""), timestamp: Timestamp(milliseconds: 0),
            content: Content(text: "\u{0}\u{1}\u{1F}\"\\/\u{7F}\u{2028}é😀e\u{301}\r\n\t\u{8}\u{C}\u{B}"), embeds: [Embed()]),
        #"{"author":{"id":"u","name":""},"channel":"c","content":"\u0000\u0001\u001f\"\\/\#u{7F}\#u{2028}é😀e\#u{301}\r\n\t\b\f\u000b","#
            + #""embeds":[{"fields":[],"imageURLs":[]}],"id":"1","timestamp":"1970-01-01T00:00:00.000Z","type":"message"}"#
    )

    /// Integers at the edges of `Int` (outside ``MessageLimits``: written all the same).
    static let edges: (Message, String) = {
        var attachment = Attachment(id: "", url: "", fileName: "", sizeBytes: .min, width: .max, height: -1)
        attachment.omission = "image omitted"
        var message = Message(
            id: MessageID("1"), channel: ChannelID("c"), author: Author(id: AuthorID("u"), name: "n"),
            timestamp: Timestamp(milliseconds: -62_135_596_800_000), content: Content(text: ""), attachments: [attachment],
            reactions: [Reaction(emoji: "x", count: .min)])
        message.content.spans = [FormatSpan(kind: .code, offset: .max, length: 0)]
        message.isOutgoing = false
        let record =
            #"{"attachments":[{"fileName":"","height":-1,"id":"","omission":"image omitted","sizeBytes":-9223372036854775808,"url":"","#
            + #""width":9223372036854775807}],"author":{"id":"u","name":"n"},"channel":"c","content":"","id":"1","outgoing":false,"#
            + #""reactions":[{"count":-9223372036854775808,"emoji":"x"}],"#
            + #""spans":[{"kind":"code","length":0,"offset":9223372036854775807}],"#
            + #""timestamp":"0001-01-01T00:00:00.000Z","type":"message"}"#
        return (message, record)
    }()

    /// The smallest record: the required fields only.
    static let minimal =
        #"{"author":{"id":"u1","name":"maya"},"channel":"general","content":"Hello!","id":"1","timestamp":"2024-03-08T09:15:02.123Z","#
        + #""type":"message"}"#
}
