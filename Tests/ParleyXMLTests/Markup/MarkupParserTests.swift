import ParleyXML
import Testing

/// libxml2's HTML parser read into the ``MarkupNode`` value tree.
@Suite struct MarkupParserTests {
    static func element(_ name: String, _ attributes: [(String, String)] = [], _ children: [MarkupNode] = []) -> MarkupNode {
        .element(MarkupElement(name: name, attributes: attributes.map { MarkupAttribute(name: $0.0, value: $0.1) }, children: children))
    }

    @Test func fragmentKeepsAttributesInOrderAndDropsComments() throws {
        let fragment = try MarkupParser.parseFragment(Array(#"<P Class="a" id=b data-x>x &amp; y<!-- c --><BR>z</p>t"#.utf8))
        #expect(
            fragment == [
                Self.element("p", [("class", "a"), ("id", "b"), ("data-x", "")], [.text("x & y"), Self.element("br"), .text("z")]),
                .text("t"),
            ])
    }

    @Test func topLevelParagraphsStaySiblings() throws {
        let fragment = try MarkupParser.parseFragment(Array("<p>a</p><p>b</p>".utf8))
        #expect(fragment == [Self.element("p", [], [.text("a")]), Self.element("p", [], [.text("b")])])
    }

    @Test func whatFollowsAStrayEndOfTheWrapperStaysInTheFragment() throws {
        let fragment = try MarkupParser.parseFragment(Array("a</div><!--c--><i>b</i>c".utf8))
        #expect(fragment == [.text("a"), Self.element("i", [], [.text("b")]), Self.element("p", [], [.text("c")])])
    }

    @Test func scriptTextIsTextAndTheFirstOfTwoAttributesWins() throws {
        let fragment = try MarkupParser.parseFragment(Array(#"<script>if (a < b) x()</script><a href="1" href="2">é🌍</a>"#.utf8))
        #expect(
            fragment == [
                Self.element("script", [], [.text("if (a < b) x()")]), Self.element("a", [("href", "1")], [.text("é🌍")]),
            ])
        guard case let .element(link) = fragment[1] else { return }
        #expect(link.attribute("href") == "1")
        #expect(link.attribute("title") == nil)
    }

    @Test func documentImpliesHeadAndBody() throws {
        let nodes = try MarkupParser.parseDocument(Array("<!DOCTYPE html><title>T</title><p>x".utf8))
        #expect(
            nodes == [
                Self.element(
                    "html", [],
                    [
                        Self.element("head", [], [Self.element("title", [], [.text("T")])]),
                        Self.element("body", [], [Self.element("p", [], [.text("x")])]),
                    ])
            ])
    }

    @Test func anEmptyDocumentIsUnparsable() {
        #expect(throws: MarkupError.unparsable) { try MarkupParser.parseDocument([]) }
    }

    @Test func textContentJoinsEveryRunInOrder() throws {
        let fragment = try MarkupParser.parseFragment(Array("<p>a<b>b<i>c</i></b>d</p>".utf8))
        #expect(fragment.map(\.textContent) == ["abcd"])
        #expect(MarkupElement(name: "br").isVoid)
        #expect(!MarkupElement(name: "p").isVoid)
    }

    /// libxml2 stops at 256 open elements (with the wrapper, 257), so the tree's depth is bounded.
    @Test func deepNestingStopsWhereLibxml2StopsBuildingTheTree() throws {
        let html = String(repeating: "<b>", count: 10_000) + "deep" + String(repeating: "</b>", count: 10_000)
        var depth = 0
        var level = try MarkupParser.parseFragment(Array(html.utf8))
        while case let .element(element)? = level.first {
            depth += 1
            level = element.children
        }
        #expect(depth == 256)
    }
}
