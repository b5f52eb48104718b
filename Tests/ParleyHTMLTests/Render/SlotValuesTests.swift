import ParleyHTML
import Testing

/// Templates filled by slot index, and containers filled in place, write what the dictionary form writes.
@Suite struct SlotValuesTests {
    static let source = #"<section id="{{id}}" title="{{title}}"><h2>{{title}}</h2>{{{body}}}<p>{{id}}</p></section>"#

    @Test func slotsHaveOneIndexPerName() throws {
        let template = try Template.parse(Self.source, name: "t")
        #expect(template.slotNames == ["id", "title", "body"])
        #expect(template.slotIndex("body") == 2)
        #expect(template.slotIndex("missing") == nil)
    }

    @Test func valuesByIndexRenderLikeValuesByName() throws {
        let template = try Template.parse(Self.source, name: "t")
        var values = SlotValues(count: template.slotNames.count)
        values[template.slotIndex("id")] = .text("d-1")
        values[template.slotIndex("title")] = .text("a<b")
        values[template.slotIndex("body")] = .html(SafeHTML.text("x&y"))
        values[template.slotIndex("missing")] = .text("ignored")
        var writer = HTMLWriter()
        template.render(values, into: &writer)
        let expected = #"<section id="d-1" title="a&lt;b"><h2>a&lt;b</h2>x&amp;y<p>d-1</p></section>"#
        #expect(writer.fragment.description == expected)
        #expect(template.render(["id": "d-1", "title": "a<b", "body": .html(SafeHTML.text("x&y"))]).description == expected)
    }

    @Test func valuesByNameIgnoreUnknownNamesAndKeepTheLastOfARepeatedOne() throws {
        let template = try Template.parse(Self.source, name: "t")
        let html = template.render(["title": "first", "missing": "ignored", "id": "d-3", "title": "last"])
        #expect(html.description == #"<section id="d-3" title="last"><h2>last</h2><p>d-3</p></section>"#)
    }

    @Test func piecesOfASplitTemplateKeepTheirStaticBytes() throws {
        let template = try Template.parse(Self.source, name: "t")
        let split = template.renderSplit(["id": "d-4", "title": "x"], at: "body")
        #expect(split.before.description == #"<section id="d-4" title="x"><h2>x</h2>"#)
        #expect(split.after.description == #"<p>d-4</p></section>"#)
    }

    @Test func aContainerIsFilledInPlace() throws {
        let template = try Template.parse(Self.source, name: "t")
        var writer = HTMLWriter()
        template.render(SlotValues(["id": "d-2"], for: template), into: &writer, filling: "body") { $0.html(SafeHTML.text("<i>")) }
        #expect(writer.fragment.description == #"<section id="d-2"><h2></h2>&lt;i&gt;<p>d-2</p></section>"#)
    }

    @Test func framesIgnoreOnlyTheExcludedSlots() throws {
        let template = try Template.parse(Self.source, name: "t")
        let first = template.render(["id": "a", "title": "t", "body": .html(SafeHTML.text("1"))], frameExcluding: ["body"])
        let second = template.render(["id": "a", "title": "t", "body": .html(SafeHTML.text("2"))], frameExcluding: ["body"])
        let third = template.render(["id": "b", "title": "t", "body": .html(SafeHTML.text("1"))], frameExcluding: ["body"])
        #expect(first.frame == second.frame)
        #expect(first.frame != third.frame)
        #expect(first.html.description == #"<section id="a" title="t"><h2>t</h2>1<p>a</p></section>"#)
    }
}
