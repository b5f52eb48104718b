import Foundation
import ParleyHTML
import ParleyImport
import ParleyLayout
import ParleyModel
import ParleyRender
import ParleyTestSupport
import Testing

/// Exact HTML of a handful of messages, compared with golden files in `Golden/`.
@Suite struct MessageGoldenTests {
    static func fragments(_ file: URL) throws -> [String: ElementRendering] {
        let transcript = try TranscriptReader().read(contentsOf: file.path).transcript
        let layout = ChatLayout().layout(transcript.channels[0])
        let byID = Dictionary(uniqueKeysWithValues: layout.messages.map { ($0.message.id, $0.message) })
        let context = RenderContext(templates: try TemplateSet.load(), clock: .utc, directory: transcript.directory, messages: byID)
        let renderer = MessageRenderer(context: context)
        return Dictionary(uniqueKeysWithValues: layout.messages.map { ($0.message.id.rawValue, renderer.render($0)) })
    }

    @Test(arguments: ["101", "104", "106", "107", "108", "109"])
    func fixtureMessage(id: String) throws {
        let fragment = try #require(try Self.fragments(TestPaths.fixture("tiny.json"))[id])
        Golden.check(fragment.html.description + "\n", name: "tiny-\(id).html")
    }

    @Test(
        .enabled(if: TestPaths.corpusAvailable, "../shared/corpus is absent"),
        arguments: ["1045178587575242785", "1060926254683017306", "1060926346089476176", "1060926895719460986", "1060927254248558702"])
    func corpusMessage(id: String) throws {
        let fragment = try #require(try Self.fragments(TestPaths.discord("dcef-general.json"))[id])
        Golden.check(fragment.html.description + "\n", name: "general-\(id).html")
    }

    @Test func fragmentsExposeSlotsAndTheClassAttribute() throws {
        let fragment = try #require(try Self.fragments(TestPaths.fixture("tiny.json"))["104"])
        #expect(fragment.elementID == "m-104")
        #expect(fragment.attributes == ["class": "msg pos-only"])
        #expect(fragment.slots.keys.sorted() == ["edited", "text"], "only the slots with content are present")
        #expect(fragment.slotLayout.names == ["reply", "text", "edited", "attachments", "embeds", "stickers", "reactions"])
        #expect(!fragment.html.description.contains(#"data-slot="reactions""#))
        #expect(
            fragment.slots["text"]?.description
                == #"Ben here<br>second line <a class="link" href="https://example.org/a_(b)" rel="noopener noreferrer nofollow">https://example.org/a_(b)</a>. end"#
        )
        #expect(
            fragment.slots["edited"]?.description
                == #"<span class="edited" title="Edited Sunday, 31 March 2024 00:03:00 (UTC)">(edited)</span>"#)
    }
}
