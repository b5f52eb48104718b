import ParleyModel
import ParleyRender
import ParleyTestSupport
import Testing

extension RichPartsTests {
    @Test func embedsHaveFieldsThumbnailAndAColourClass() {
        let message = Self.message {
            $0.embeds = [
                Embed(
                    title: "Wiki", url: "https://github.com/Tyrrrz/DiscordChatExporter/wiki", description: "**Exports** chats",
                    color: "#1E2327", authorName: "GitHub", thumbnailURL: "https://cdn.example/thumb.png",
                    fields: [Embed.Field(name: "Stars", value: "8k", isInline: true), Embed.Field(name: "Licence", value: "`MIT`")],
                    footer: "github.com")
            ]
        }
        #expect(
            TextSlot.html(message, slot: "embeds")
                == #"<div class="embed embed-color-1e2327"><div class="embed-body"><div class="embed-author" dir="auto">GitHub</div><a class="embed-title" href="https://github.com/Tyrrrz/DiscordChatExporter/wiki" dir="auto">Wiki</a><div class="embed-description" dir="auto"><strong>Exports</strong> chats</div><div class="embed-fields"><div class="embed-field embed-field-inline"><div class="embed-field-name" dir="auto">Stars</div><div class="embed-field-value" dir="auto">8k</div></div><div class="embed-field "><div class="embed-field-name" dir="auto">Licence</div><div class="embed-field-value" dir="auto"><code class="inline-code">MIT</code></div></div></div><div class="embed-images"></div><div class="embed-footer" dir="auto">github.com</div></div><a class="embed-thumbnail" href="https://cdn.example/thumb.png"><img src="https://cdn.example/thumb.png" alt="Wiki" loading="lazy"></a></div>"#
        )
    }

    @Test func invalidColoursAndScriptURLsAreLeftOut() {
        let message = Self.message {
            $0.embeds = [Embed(title: "t", url: "javascript:alert(1)", color: "red;background:url(x)")]
        }
        #expect(
            TextSlot.html(message, slot: "embeds")
                == #"<div class="embed "><div class="embed-body"><div class="embed-author" dir="auto"></div><a class="embed-title" dir="auto">t</a><div class="embed-description" dir="auto"></div><div class="embed-fields"></div><div class="embed-images"></div><div class="embed-footer" dir="auto"></div></div></div>"#
        )
    }

    @Test func stickersShowTheirImageOrTheirName() {
        let message = Self.message {
            $0.stickers = [
                Sticker(id: "1", name: "pepecute", format: "Png", url: "https://cdn.example/pepecute.png"),
                Sticker(id: "2", name: "dance", format: "Lottie", url: "https://cdn.example/dance.json"),
            ]
        }
        #expect(
            TextSlot.html(message, slot: "stickers")
                == #"<img class="sticker-image" src="https://cdn.example/pepecute.png" alt="pepecute" title="pepecute" width="160" height="160" loading="lazy">"#
                + #"<span class="sticker" title="Lottie">dance</span>"#)
    }

    @Test func forwardedMessagesNameTheirOrigin() {
        let message = Self.message {
            $0.forwardedFrom = ForwardOrigin(authorName: "Avery", channelName: "#general", timestamp: Timestamp(seconds: 1_673_015_000))
        }
        #expect(
            TextSlot.html(message, slot: "reply")
                == #"<div class="forwarded"><span class="forwarded-label">Forwarded</span> <a class="forwarded-origin" dir="auto">from Avery in #general</a> <span class="forwarded-time">6 January 2023 14:23</span></div>"#
        )
    }

    @Test func aDiscordForwardLinksToItsOriginalByTimeAlone() {
        let message = Self.message {
            $0.forwardedFrom = ForwardOrigin(
                timestamp: Timestamp(seconds: 1_673_015_000), url: "https://discord.com/channels/7/8/9")
        }
        #expect(
            TextSlot.html(message, slot: "reply")
                == #"<div class="forwarded"><span class="forwarded-label">Forwarded</span> <a class="forwarded-origin" href="https://discord.com/channels/7/8/9" dir="auto">original message</a> <span class="forwarded-time">6 January 2023 14:23</span></div>"#
        )
    }

    @Test func threadStartersLinkToTheirThread() {
        var context = TextSlot.context()
        context.rootPath = "../../"
        context.channelNames = [ChannelID("5"): "Taylor is Taylor", ChannelID("c"): "general"]
        let starter = Self.message { $0.kind = .threadCreated }
        #expect(
            TextSlot.html(starter, slot: "embeds", context: context)
                == #"<a class="thread-link" href="../../c/5/index.html"><span class="thread-label">Thread</span> <bdi class="thread-name">Taylor is Taylor</bdi></a>"#
        )
        let explicit = Self.message { $0.thread = ChannelID("c") }
        #expect(TextSlot.html(explicit, slot: "embeds", context: context) == "")
    }
}
