import ParleyHTML
import Testing

/// Slot elements: `data-slot="NAME"` holding only `{{{NAME}}}`, left out when empty.
@Suite struct SlotLayoutTests {
    static let source = """
        <article id="{{id}}"><header>h</header>
        <div class="r" data-slot="reply">{{{reply}}}</div>
        <p data-slot="text" dir="auto">{{{text}}}</p>
        <div class="x" data-slot="reactions">{{{reactions}}}</div>
        </article>
        """

    @Test func emptySlotElementsAreLeftOutWithTheirTags() throws {
        let template = try Template.parse(Self.source, name: "t")
        #expect(
            template.render(["id": "m-1", "text": .html(SafeHTML.text("a<b"))]).description
                == #"<article id="m-1"><header>h</header><p data-slot="text" dir="auto">a&lt;b</p></article>"#)
        #expect(template.render(["id": "m-1"]).description == #"<article id="m-1"><header>h</header></article>"#)
        #expect(template.slots.map(\.context) == [.attribute, .html, .html, .html])
    }

    @Test func theLayoutListsSlotElementsInOrderAndWritesOneAlone() throws {
        let layout = try Template.parse(Self.source, name: "t").slotLayout
        #expect(layout.names == ["reply", "text", "reactions"])
        #expect(layout.element(at: 2, content: SafeHTML.text("👍")).description == #"<div class="x" data-slot="reactions">👍</div>"#)
    }

    @Test func anElementWithMoreThanItsSlotIsNoSlotElement() throws {
        let template = try Template.parse(#"<div data-slot="text">{{{text}}}<hr></div><i data-slot="a">{{{b}}}</i>"#, name: "t")
        #expect(template.slotLayout.names.isEmpty)
        #expect(template.render([:]).description == #"<div data-slot="text"><hr></div><i data-slot="a"></i>"#)
    }

    @Test func aSlotElementsStartTagMustBeStatic() {
        #expect(throws: TemplateError.slotInSlotElement(template: "t", slot: "text")) {
            try Template.parse(#"<div class="{{kind}}" data-slot="text">{{{text}}}</div>"#, name: "t")
        }
    }
}
