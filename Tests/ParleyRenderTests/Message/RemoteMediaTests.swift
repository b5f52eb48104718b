import ParleyLayout
import ParleyModel
import ParleyRender
import ParleyTestSupport
import Testing

/// An archive loads nothing from elsewhere unless `--allow-remote-media`: a remote image, video or
/// sound is a link naming its file and host, a remote custom emoji or sticker its name, a remote
/// avatar the initials; local media is unchanged. With remote media allowed (the live view, or
/// `--allow-remote-media`) they show inline.
@Suite struct RemoteMediaTests {
    static func context(allowsRemote: Bool) -> RenderContext {
        var context = TextSlot.context()
        context.media = MediaLinks(mode: .copy, local: ["a.png": "media/aa.png"], allowsRemote: allowsRemote)
        return context
    }

    static func message() -> Message {
        var message = TextSlot.message(Content(text: "look", flavor: .plain))
        message.author.avatarURL = "https://cdn.example.org/avatars/ann.png"
        var video = Attachment(id: "2", url: "https://cdn.example.org/v/clip.mp4", fileName: "clip.mp4")
        video.contentType = "video/mp4"
        message.attachments = [
            Attachment(id: "1", url: "https://cdn.example.org/photos/picnic.jpg", fileName: "picnic.jpg", sizeBytes: 2048), video,
            Attachment(id: "3", url: "https://cdn.example.org/f/notes.pdf", fileName: "notes.pdf", sizeBytes: 10),
            Attachment(id: "4", url: "a.png", fileName: "local.png"),
        ]
        message.embeds = [
            Embed(
                title: "A page", url: "https://example.org/page", thumbnailURL: "https://img.example.net/t.png",
                imageURLs: ["https://img.example.net/big.png"])
        ]
        message.reactions = [Reaction(emoji: "blob", emojiID: "9", imageURL: "https://cdn.example.org/emoji/9.png", count: 2)]
        message.stickers = [Sticker(id: "s", name: "wave", format: "Png", url: "https://cdn.example.org/stickers/s.png")]
        return message
    }

    static func link(_ kind: String, _ href: String, _ name: String, _ host: String) -> String {
        #"<a class="remote-media remote-\#(kind)" href="\#(href)"><span class="remote-media-name" dir="auto">\#(name)</span> "#
            + #"<span class="remote-media-host">\#(host)</span></a>"#
    }

    @Test func withheldRemoteMediaAreLinksNamingTheirHostAndLocalMediaShows() {
        let context = Self.context(allowsRemote: false)
        let attachments = TextSlot.html(Self.message(), slot: "attachments", context: context)
        #expect(
            attachments
                == Self.link("image", "https://cdn.example.org/photos/picnic.jpg", "picnic.jpg", "cdn.example.org")
                + Self.link("video", "https://cdn.example.org/v/clip.mp4", "clip.mp4", "cdn.example.org")
                + #"<a class="attachment" href="https://cdn.example.org/f/notes.pdf"><span class="attachment-name" dir="auto">notes.pdf</span> "#
                + #"<span class="attachment-size">10 B</span></a>"#
                + #"<a class="attachment-image " href="media/aa.png"><img src="media/aa.png" alt="local.png" loading="lazy"></a>"#)
        let embeds = TextSlot.html(Self.message(), slot: "embeds", context: context)
        #expect(embeds.contains(Self.link("image", "https://img.example.net/big.png", "A page", "img.example.net")))
        #expect(embeds.contains(Self.link("image", "https://img.example.net/t.png", "A page", "img.example.net")))
        let reactions = TextSlot.html(Self.message(), slot: "reactions", context: context)
        #expect(reactions.contains(#"<span class="reaction-emoji">:blob:</span>"#))
        let stickers = TextSlot.html(Self.message(), slot: "stickers", context: context)
        let html = [attachments, embeds, reactions, stickers].joined()
        #expect(!html.contains("<img src=\"https:") && !html.contains("src=\"https:"), "nothing remote is loaded")
        #expect(!stickers.isEmpty && !stickers.contains("<img"))
    }

    @Test func allowedRemoteMediaShowInline() {
        let context = Self.context(allowsRemote: true)
        let attachments = TextSlot.html(Self.message(), slot: "attachments", context: context)
        #expect(
            attachments.hasPrefix(
                #"<a class="attachment-image " href="https://cdn.example.org/photos/picnic.jpg"><img src="https://cdn.example.org/photos/picnic.jpg""#
            ))
        #expect(!attachments.contains("remote-media"))
        #expect(TextSlot.html(Self.message(), slot: "reactions", context: context).contains(#"src="https://cdn.example.org/emoji/9.png""#))
        #expect(TextSlot.html(Self.message(), slot: "embeds", context: context).contains(#"<img src="https://img.example.net/t.png""#))
    }

    @Test func remoteAvatarsAreInitialsEitherWay() {
        for allowsRemote in [false, true] {
            let item = LaidOutMessage(message: Self.message(), day: LocalDate(year: 2023, month: 11, day: 14), position: .only)
            let html = MessageRenderer(context: Self.context(allowsRemote: allowsRemote)).render(item).html.description
            #expect(html.contains(#"aria-hidden="true">A</span>"#), "\(html)")
            #expect(!html.contains("avatars/ann.png"))
        }
    }

    @Test func theMediaLinksSayWhatIsWithheld() {
        let withheld = MediaLinks(mode: .link, allowsRemote: false)
        #expect(withheld.isWithheld("https://cdn.example.org/x.png"))
        #expect(!withheld.isWithheld("photos/x.png"))
        #expect(!withheld.isWithheld("javascript:alert(1)"))
        #expect(!MediaLinks(mode: .link).isWithheld("https://cdn.example.org/x.png"))
        #expect(!MediaLinks(mode: .none, allowsRemote: false).isWithheld("https://cdn.example.org/x.png"))
    }
}
