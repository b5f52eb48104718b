import ParleyHTML
import Testing

@Suite struct TemplateTests {
    @Test func slotsTakeTheirContextFromWhereTheyStand() throws {
        let template = try Template.parse(
            #"<a class="x {{kind}}" href="{{url}}" title="{{title}}">{{text}}</a><div>{{{body}}}</div>"#, name: "t")
        #expect(template.slots.map(\.name) == ["kind", "url", "title", "text", "body"])
        #expect(template.slots.map(\.context) == [.attribute, .url, .attribute, .text, .html])
    }

    @Test func valuesAreEscapedForTheirContext() throws {
        let template = try Template.parse(#"<a class="x {{kind}}" href="{{url}}" title="{{title}}">{{text}}</a>"#, name: "t")
        let html = template.render([
            "kind": "a\" onclick=\"x", "url": "https://e.org/?a=1&b=<2>", "title": "it's", "text": "<script>&</script>",
        ])
        #expect(
            html.description
                == #"<a class="x a&quot; onclick=&quot;x" href="https://e.org/?a=1&amp;b=&lt;2&gt;" title="it&#39;s">&lt;script&gt;&amp;&lt;/script&gt;</a>"#
        )
    }

    @Test(arguments: [
        "javascript:alert(1)", " JaVaScRiPt:alert(1)", "java\tscript:alert(1)", "data:text/html,x", "vbscript:x", "//evil.org/x", "",
    ])
    func unsafeURLsLeaveTheAttributeOut(url: String) throws {
        let template = try Template.parse(#"<a href="{{url}}">x</a>"#, name: "t")
        #expect(template.render(["url": .text(url)]).description == "<a>x</a>")
    }

    @Test(arguments: ["https://e.org", "http://e.org", "mailto:a@e.org", "page.html#m-1", "#m-1", "media/a b.png"])
    func safeURLsAreKept(url: String) throws {
        let template = try Template.parse(#"<a href="{{url}}">x</a>"#, name: "t")
        #expect(template.render(["url": .text(url)]).description == "<a href=\"\(url)\">x</a>")
    }

    @Test func emptyOptionalAttributesAreLeftOut() throws {
        let template = try Template.parse(#"<span title="{{title}}" class="c">{{text}}</span>"#, name: "t")
        #expect(template.render(["text": "a"]).description == #"<span class="c">a</span>"#)
        #expect(template.render(["text": "a", "title": ""]).description == #"<span class="c">a</span>"#)
    }

    @Test func indentationIsDroppedAndVoidElementsStayOpen() throws {
        let template = try Template.parse("<div>\n  <br>\n  <img src=\"{{src}}\" alt=\"\">\n  <b>a</b> <i>b</i>\n</div>", name: "t")
        #expect(template.render(["src": "a.png"]).description == #"<div><br><img src="a.png" alt=""><b>a</b> <i>b</i></div>"#)
    }

    @Test func documentsKeepTheirDoctype() throws {
        let template = try Template.parse("<!DOCTYPE html>\n<html><head><title>{{t}}</title></head><body></body></html>", name: "t")
        #expect(template.render(["t": "a<b"]).description == "<!DOCTYPE html><html><head><title>a&lt;b</title></head><body></body></html>")
    }

    @Test func htmlValuesInTextSlotsAreEscaped() throws {
        let template = try Template.parse("<p>{{text}}</p>", name: "t")
        #expect(template.render(["text": .html(SafeHTML.text("<b>"))]).description == "<p>&amp;lt;b&amp;gt;</p>")
    }

    @Test func badTemplatesAreRejected() {
        #expect(throws: TemplateError.htmlSlotInAttribute(template: "t", attribute: "title")) {
            try Template.parse(#"<p title="{{{x}}}">a</p>"#, name: "t")
        }
        #expect(throws: TemplateError.slotInRawText(template: "t", element: "script")) {
            try Template.parse("<script>var a = '{{x}}'</script>", name: "t")
        }
        #expect(throws: TemplateError.unclosedSlot(template: "t", near: "{{x")) {
            try Template.parse("<p>{{x</p>", name: "t")
        }
    }

    @Test func writerEscapesNULAndKeepsUTF8() {
        var writer = HTMLWriter()
        writer.text("a\u{0}b é 👍 <")
        #expect(writer.fragment.description == "a\u{FFFD}b é 👍 &lt;")
    }

    /// No C0 control but tab, line feed and carriage return, and no DEL, is ever written: not in
    /// text, not in an attribute; C1 controls and other text pass as they are.
    @Test func writerNeverWritesControlCharacters() {
        var writer = HTMLWriter()
        writer.open("p", [("title", .text("t\u{1}\u{7F}"))])
        writer.text("a\u{1}b\u{8}c\u{B}d\u{C}e\u{E}f\u{1F}g\u{7F}h\ti\nj\rk\u{85}l")
        writer.close("p")
        let expected = "<p title=\"t\u{FFFD}\u{FFFD}\">a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f\u{FFFD}g\u{FFFD}h\ti\nj\rk\u{85}l</p>"
        #expect(writer.bytes == Array(expected.utf8))
    }
}
