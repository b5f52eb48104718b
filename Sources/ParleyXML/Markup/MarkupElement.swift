/// An element of a ``MarkupNode`` tree: its name, its attributes in source order and its children.
public struct MarkupElement: Hashable, Sendable {
    /// The tag name as libxml2's HTML parser reports it: lowercase ASCII (`p`, `mx-reply`).
    public var name: String
    /// The attributes in the order they were written, names lowercase ASCII, values with
    /// character references resolved (an attribute written without a value has the value `""`).
    /// libxml2 keeps the first of two attributes with the same name.
    public var attributes: [MarkupAttribute]
    /// The child nodes in order.
    public var children: [MarkupNode]

    /// An element named `name` with `attributes` and `children`.
    public init(name: String, attributes: [MarkupAttribute] = [], children: [MarkupNode] = []) {
        self.name = name
        self.attributes = attributes
        self.children = children
    }

    /// The HTML void elements: they have no content and no end tag.
    public static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]

    /// Whether the element is one of the ``voidElements``.
    public var isVoid: Bool { Self.voidElements.contains(name) }

    /// The value of the first attribute called `name`, or nil when there is none.
    /// - Complexity: O(number of attributes).
    public func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The text of every run inside the element, in document order (the DOM's `textContent`).
    /// - Complexity: O(size of the subtree).
    public var textContent: String {
        var text = ""
        appendText(to: &text)
        return text
    }

    private func appendText(to text: inout String) {
        for child in children {
            switch child {
            case let .element(element): element.appendText(to: &text)
            case let .text(run): text += run
            }
        }
    }
}
