import ParleyLayout
import ParleyModel
import ParleyRender
import ParleyTestSupport
import Testing

/// A local file that is not in the export shows as a placeholder card naming it, with its type
/// and size when the record gives them — never as a broken image or an empty link.
@Suite struct MissingMediaTests {
    static let attachments: [ParleyModel.Attachment] = {
        var attachments = [
            Attachment(id: "1", url: "photos/picnic.jpg", fileName: "picnic.jpg", sizeBytes: 2_318_842, width: 4032, height: 3024),
            Attachment(id: "2", url: "clips/river walk.mp4", fileName: "", sizeBytes: 1_048_576),
            Attachment(id: "3", url: "voice", fileName: "voice note", sizeBytes: 12_288),
            Attachment(id: "4", url: "notes\\plan", fileName: "plan"),
            Attachment(id: "5", url: "x_Files/a.png", fileName: #"<b>&"x".png"#),
        ]
        attachments[1].contentType = "video/mp4"
        attachments[2].contentType = "audio/x-m4a"
        attachments[4].contentType = "image/png"
        return attachments
    }()

    static func context(_ missing: Set<String>, mode: MediaMode = .copy) -> RenderContext {
        var context = TextSlot.context()
        context.media = MediaLinks(mode: mode, missing: missing)
        return context
    }

    static func message() -> Message {
        var message = TextSlot.message(Content(text: "Photos from the picnic!", flavor: .discordMarkdown), id: "7")
        message.attachments = attachments
        message.reactions = [Reaction(emoji: "😍", count: 5), Reaction(emoji: "❤️", count: 2)]
        return message
    }

    @Test func theWholeMessageWithPlaceholdersAboveItsReactions() {
        let item = LaidOutMessage(message: Self.message(), day: LocalDate(year: 2023, month: 11, day: 14), position: .only)
        let html = MessageRenderer(context: Self.context(Set(Self.attachments.map(\.url)))).render(item).html.description
        Golden.check(html + "\n", name: "missing-media.html")
    }

    @Test func eachCardNamesTheFileItsTypeAndSize() {
        let html = TextSlot.html(Self.message(), slot: "attachments", context: Self.context(Set(Self.attachments.map(\.url))))
        let card = { (kind: String, name: String, details: String) in
            #"<div class="attachment-missing missing-\#(kind)"><span class="attachment-name" dir="auto">\#(name)</span> "#
                + #"<span class="attachment-missing-note">— not in this export</span> <span class="attachment-missing-details">\#(details)</span></div>"#
        }
        #expect(
            html
                == card("image", "picnic.jpg", "JPG image · 2.2 MiB") + card("video", "river walk.mp4", "MP4 video · 1.0 MiB")
                + card("audio", "voice note", "audio · 12.0 KiB") + card("file", "plan", "")
                + card("image", "&lt;b&gt;&amp;&quot;x&quot;.png", "PNG image"))
        #expect(!html.contains("<img"))
    }

    @Test func onlyTheMissingReferencesGetACardAndModeNoneNamesFilesAsBefore() {
        var context = Self.context(["photos/picnic.jpg"])
        context.media.local["notes\\plan"] = "media/abc.bin"
        let html = TextSlot.html(Self.message(), slot: "attachments", context: context)
        #expect(html.components(separatedBy: "attachment-missing ").count - 1 == 1)
        #expect(html.contains(#"<a class="attachment" href="media/abc.bin"><span class="attachment-name" dir="auto">plan</span>"#))
        let none = TextSlot.html(Self.message(), slot: "attachments", context: Self.context([], mode: .none))
        #expect(!none.contains("attachment-missing"))
        #expect(
            none.hasPrefix(
                #"<a class="attachment"><span class="attachment-name" dir="auto">picnic.jpg</span> <span class="attachment-size">2.2 MiB</span></a>"#
            ))
    }
}
