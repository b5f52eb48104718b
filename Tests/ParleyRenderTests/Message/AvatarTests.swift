import Foundation
import ParleyHTML
import ParleyLayout
import ParleyModel
import ParleyRender
import ParleyTestSupport
import Testing

/// An author's avatar shows as a picture over the initials only when it is a local file the
/// archive resolved; a remote avatar, a missing file, a file that is not passive media, `--media
/// none` and the live view (which resolves no media) show the initials.
@Suite struct AvatarTests {
    static let reference = "x.json_Files\\avatar-8B00F.png"

    static func message(avatar: String?, id: String = "1") -> Message {
        var message = TextSlot.message(Content(text: "hello"), id: id)
        message.author = Author(id: AuthorID("a"), name: "ada", displayName: "Ada Lovelace", avatarURL: avatar)
        return message
    }

    /// A page's context two folders below the archive root, with `reference` copied to
    /// `media/c4360f.png` unless `local` says otherwise.
    static func context(
        mode: MediaMode = .copy, local: [String: String] = [reference: "media/c4360f.png"], downloads: Set<String> = [],
        missing: Set<String> = [], rootPath: String = "../../"
    ) -> RenderContext {
        var context = TextSlot.context()
        context.media = MediaLinks(mode: mode, local: local, downloads: downloads, missing: missing)
        context.rootPath = rootPath
        return context
    }

    static func avatar(_ message: Message, context: RenderContext) -> String {
        let item = LaidOutMessage(message: message, day: LocalDate(year: 2023, month: 11, day: 14), position: .only)
        let html = MessageRenderer(context: context).render(item).html.description
        guard let start = html.range(of: "<span class=\"msg-avatar"),
            let end = html.range(of: "</span>", range: start.upperBound..<html.endIndex)
        else { return "" }
        return String(html[start.lowerBound..<end.upperBound])
    }

    static let initials = #"<span class="msg-avatar avatar hue-4" aria-hidden="true">AL</span>"#

    @Test func theWholeMessageWithALocalAvatar() {
        let item = LaidOutMessage(
            message: Self.message(avatar: Self.reference), day: LocalDate(year: 2023, month: 11, day: 14), position: .first)
        Golden.check(MessageRenderer(context: Self.context()).render(item).html.description + "\n", name: "avatar.html")
    }

    @Test func aLocalAvatarTheArchiveHoldsCoversTheInitials() {
        #expect(
            Self.avatar(Self.message(avatar: Self.reference), context: Self.context())
                == #"<span class="msg-avatar avatar hue-4" aria-hidden="true">AL<img src="../../media/c4360f.png" alt="" loading="lazy" decoding="async"></span>"#
        )
        let linked = Self.context(mode: .link, local: [Self.reference: "../input/x.json_Files/avatar-8B00F.png"])
        #expect(
            Self.avatar(Self.message(avatar: Self.reference), context: linked)
                == #"<span class="msg-avatar avatar hue-4" aria-hidden="true">AL<img src="../../../input/x.json_Files/avatar-8B00F.png" alt="" loading="lazy" decoding="async"></span>"#
        )
    }

    @Test func everyOtherAvatarShowsTheInitials() {
        let remote = "https://cdn.discordapp.com/avatars/1/abc.png?size=128"
        #expect(Self.avatar(Self.message(avatar: remote), context: Self.context()) == Self.initials, "a remote avatar is not loaded")
        #expect(Self.avatar(Self.message(avatar: remote), context: Self.context(mode: .link)) == Self.initials)
        #expect(Self.avatar(Self.message(avatar: nil), context: Self.context()) == Self.initials)
        #expect(Self.avatar(Self.message(avatar: ""), context: Self.context()) == Self.initials)
        #expect(
            Self.avatar(Self.message(avatar: "x.json_Files/gone.png"), context: Self.context(missing: ["x.json_Files/gone.png"]))
                == Self.initials, "a file not in the export")
        #expect(
            Self.avatar(
                Self.message(avatar: Self.reference),
                context: Self.context(local: [Self.reference: "media/c4360f.bin"], downloads: [Self.reference]))
                == Self.initials, "a file that is not passive media")
        #expect(Self.avatar(Self.message(avatar: Self.reference), context: Self.context(mode: .none)) == Self.initials)
        #expect(
            Self.avatar(Self.message(avatar: Self.reference), context: TextSlot.context()) == Self.initials,
            "the live view resolves no media")
    }

    @Test func eachPageLinksTheAvatarFromWhereItIs() {
        let messages = [Self.message(avatar: Self.reference, id: "1"), Self.message(avatar: Self.reference, id: "2")]
        let renderer = WindowRenderer(templates: TextSlot.templates)
        for rootPath in ["", "../../"] {
            let html = renderer.sections(of: messages, in: 0..<2, context: Self.context(rootPath: rootPath)).description
            #expect(
                html.components(separatedBy: #"<img src="\#(rootPath)media/c4360f.png" alt="" loading="lazy" decoding="async">"#).count - 1
                    == 2)
            #expect(html.components(separatedBy: "<img").count - 1 == 2)
        }
    }

    @Test func aMessageTemplateWithoutTheAvatarSlotStillRenders() throws {
        let folder = TestPaths.temporaryFolder()
        let template = TestPaths.packageRoot.appendingPathComponent("Sources/ParleyAssets/Templates/message.html")
        let source = try String(contentsOf: template, encoding: .utf8).replacingOccurrences(of: "{{{avatarImage}}}", with: "")
        #expect(!source.contains("avatarImage"))
        try source.write(to: folder.appendingPathComponent("message.html"), atomically: true, encoding: .utf8)
        var context = Self.context()
        context.templates = try TemplateSet.load(overrides: folder)
        #expect(Self.avatar(Self.message(avatar: Self.reference), context: context) == Self.initials)
    }
}
