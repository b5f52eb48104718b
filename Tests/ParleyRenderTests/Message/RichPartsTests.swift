import ParleyLayout
import ParleyModel
import ParleyRender
import ParleyTestSupport
import Testing

/// Attachments, replies, reactions, edits, embeds, stickers, forwards and threads, exact HTML.
@Suite struct RichPartsTests {
    static func message(_ build: (inout Message) -> Void) -> Message {
        var message = TextSlot.message(Content(text: "", flavor: .discordMarkdown), id: "5")
        build(&message)
        return message
    }

    @Test func imagesAreInlineWithSizeLazyLoadingAndAltText() {
        let message = Self.message {
            $0.attachments = [
                Attachment(id: "1", url: "https://cdn.example/cat.png", fileName: "cat.png", sizeBytes: 42_900, width: 640, height: 480),
                Attachment(id: "2", url: "https://cdn.example/SPOILER_x.jpg", fileName: "SPOILER_x.jpg", description: "a spoiler"),
            ]
        }
        #expect(
            TextSlot.html(message, slot: "attachments")
                == #"<a class="attachment-image " href="https://cdn.example/cat.png"><img src="https://cdn.example/cat.png" alt="cat.png" width="640" height="480" loading="lazy"></a>"#
                + #"<a class="attachment-image spoiler-media" href="https://cdn.example/SPOILER_x.jpg"><img src="https://cdn.example/SPOILER_x.jpg" alt="a spoiler" loading="lazy"></a>"#
        )
    }

    @Test func videoAndAudioGetPlayersAndOtherFilesLinksWithSizes() {
        let message = Self.message {
            $0.attachments = [
                Attachment(id: "1", url: "https://cdn.example/scan.mp4", fileName: "scan.mp4", sizeBytes: 324_598),
                Attachment(id: "2", url: "https://cdn.example/noise.mp3", fileName: "noise.mp3", sizeBytes: 172_422),
                Attachment(id: "3", url: "https://cdn.example/notes.pdf", fileName: "notes.pdf", sizeBytes: 812),
                Attachment(id: "4", url: "x_Files\\local.png", fileName: "local.png", sizeBytes: 3_145_728),
            ]
            $0.attachments[1].contentType = "audio/mpeg"
        }
        #expect(
            TextSlot.html(message, slot: "attachments")
                == #"<video class="attachment-video" controls="" preload="metadata" src="https://cdn.example/scan.mp4">scan.mp4</video>"#
                + #"<div class="attachment-audio"><a class="attachment-audio-name" href="https://cdn.example/noise.mp3" dir="auto">noise.mp3</a> <span class="attachment-size">168.4 KiB</span><audio controls="" preload="none" src="https://cdn.example/noise.mp3">noise.mp3</audio></div>"#
                + #"<a class="attachment" href="https://cdn.example/notes.pdf"><span class="attachment-name" dir="auto">notes.pdf</span> <span class="attachment-size">812 B</span></a>"#
                + #"<a class="attachment"><span class="attachment-name" dir="auto">local.png</span> <span class="attachment-size">3.0 MiB</span></a>"#
        )
    }

    @Test func mediaModeNoneLoadsNothingButKeepsLinks() {
        var context = TextSlot.context()
        context.media = MediaLinks(mode: .none)
        let message = Self.message {
            $0.attachments = [Attachment(id: "1", url: "https://cdn.example/cat.png", fileName: "cat.png")]
        }
        #expect(
            TextSlot.html(message, slot: "attachments", context: context)
                == #"<a class="attachment" href="https://cdn.example/cat.png"><span class="attachment-name" dir="auto">cat.png</span> <span class="attachment-size"></span></a>"#
        )
    }

    @Test func repliesLinkAcrossPagesOrSayTheOriginalIsUnavailable() {
        var original = TextSlot.message(Content(text: "**Hello** <@42>, see ||this||", flavor: .discordMarkdown), id: "4")
        original.author = Author(id: AuthorID("b"), name: "bob", displayName: "Bob")
        var context = TextSlot.context()
        context.messages = [original.id: original]
        context.pageOfMessage = [original.id: "2023-01.html"]
        context.currentPage = "2023-01-p2.html"
        let reply = Self.message { $0.reply = ReplyReference(messageID: MessageID("4")) }
        #expect(
            TextSlot.html(reply, slot: "reply", context: context)
                == #"<a class="reply-ref" href="2023-01.html#m-4"><bdi class="reply-author">Bob</bdi> <span class="reply-excerpt" dir="auto">Hello @Bob, see (spoiler)</span></a>"#
        )
        let orphan = Self.message { $0.reply = ReplyReference(messageID: MessageID("404")) }
        #expect(TextSlot.html(orphan, slot: "reply") == #"<span class="reply-ref reply-missing">Original message unavailable</span>"#)
    }

    @Test func reactionsShowEmojiImagesAndCounts() {
        let message = Self.message {
            $0.reactions = [
                Reaction(emoji: "👀", imageURL: "https://cdn.example/1f440.svg", count: 1),
                Reaction(emoji: "kekw", emojiID: "782589696621805568", imageURL: "https://cdn.example/kekw.png", count: 2),
                Reaction(emoji: "<script>", emojiID: "1", count: 3),
                Reaction(emoji: "partyparrot", emojiID: "partyparrot", count: 4),
            ]
        }
        #expect(
            TextSlot.html(message, slot: "reactions")
                == #"<span class="reaction" title="👀"><span class="reaction-emoji">👀</span> <span class="reaction-count">1</span></span>"#
                + #"<span class="reaction" title=":kekw:"><img class="emoji" src="https://cdn.example/kekw.png" alt=":kekw:" width="48" height="48" loading="lazy"> <span class="reaction-count">2</span></span>"#
                + #"<span class="reaction" title=":&lt;script&gt;:"><img class="emoji" src="https://cdn.discordapp.com/emojis/1.png" alt=":&lt;script&gt;:" width="48" height="48" loading="lazy"> <span class="reaction-count">3</span></span>"#
                + #"<span class="reaction" title=":partyparrot:"><span class="reaction-emoji">:partyparrot:</span> <span class="reaction-count">4</span></span>"#
        )
    }

    @Test func editsCarryTheEditTimeInATooltip() {
        let message = Self.message { $0.editedTimestamp = Timestamp(seconds: 1_673_540_045) }
        #expect(
            TextSlot.html(message, slot: "edited")
                == #"<span class="edited" title="Edited Thursday, 12 January 2023 16:14:05 (UTC)">(edited)</span>"#)
    }

    @Test func pinnedAndSystemMessagesGetTheirOwnClasses() {
        let pinned = Self.message { $0.isPinned = true }
        let joined = Self.message { $0.kind = .memberJoined }
        let renderer = MessageRenderer(context: TextSlot.context())
        let day = LocalDate(year: 2023, month: 11, day: 14)
        #expect(
            renderer.render(LaidOutMessage(message: pinned, day: day, position: .first)).attributes["class"]
                == "msg pos-first msg-pinned")
        #expect(
            renderer.render(LaidOutMessage(message: joined, day: day, position: .only)).attributes["class"]
                == "msg pos-only kind-memberJoined msg-system")
    }

    @Test func outgoingAndDeletedMessagesGetTheirOwnClassesIncomingAndUnknownNone() {
        let renderer = MessageRenderer(context: TextSlot.context())
        let day = LocalDate(year: 2023, month: 11, day: 14)
        let classes = { (message: Message, position: GroupPosition) in
            renderer.render(LaidOutMessage(message: message, day: day, position: position)).attributes["class"]
        }
        #expect(classes(Self.message { $0.isOutgoing = true }, .middle) == "msg pos-middle msg-outgoing")
        #expect(classes(Self.message { $0.isOutgoing = false }, .middle) == "msg pos-middle")
        #expect(classes(Self.message { $0.isOutgoing = nil }, .middle) == "msg pos-middle")
        #expect(
            classes(
                Self.message {
                    $0.kind = .deleted
                    $0.isOutgoing = true
                    $0.isPinned = true
                }, .last) == "msg pos-last kind-deleted msg-outgoing msg-pinned")
        #expect(!Message.Kind.deleted.isSystem)
    }
}
