import ParleyXML

/// One node of an ``HTMLDocument``: the document itself, an element or a run of text, linked to
/// its parent so operations can move it. A class: the document's id index points at nodes.
final class DOMNode {
    /// What the node is.
    enum Kind {
        /// The document: the parent of the page's top-level nodes.
        case document
        /// An element with this tag name.
        case element(String)
        /// Character data.
        case text(String)
    }

    let kind: Kind
    /// The attributes of an element, in order; empty for other nodes.
    var attributes: [MarkupAttribute]
    private(set) var children: [DOMNode] = []
    private(set) weak var parent: DOMNode?

    private init(kind: Kind, attributes: [MarkupAttribute] = []) {
        self.kind = kind
        self.attributes = attributes
    }

    /// The document node holding `nodes`.
    static func document(_ nodes: [MarkupNode]) -> DOMNode {
        let document = DOMNode(kind: .document)
        nodes.forEach { document.append(DOMNode($0)) }
        return document
    }

    /// A text node.
    static func text(_ text: String) -> DOMNode { DOMNode(kind: .text(text)) }

    /// A copy of a parsed node and its subtree.
    /// - Complexity: O(size of the subtree).
    convenience init(_ node: MarkupNode) {
        switch node {
        case let .text(text): self.init(kind: .text(text))
        case let .element(element):
            self.init(kind: .element(element.name), attributes: element.attributes)
            element.children.forEach { append(DOMNode($0)) }
        }
    }

    var isElement: Bool {
        if case .element = kind { true } else { false }
    }

    /// The value of the first attribute called exactly `name`.
    func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }

    /// Sets the attribute `name` (in place when present, else last), or removes it when `value` is nil.
    func setAttribute(_ name: String, to value: String?) {
        let existing = attributes.firstIndex { $0.name == name }
        switch (existing, value) {
        case let (index?, value?): attributes[index].value = value
        case let (nil, value?): attributes.append(MarkupAttribute(name: name, value: value))
        case let (index?, nil): attributes.remove(at: index)
        case (nil, nil): return
        }
    }

    /// Adds `child` (unlinked) as the last child.
    func append(_ child: DOMNode) { insert(child, at: children.count) }

    /// Adds `child` (unlinked) at `position` among the children.
    func insert(_ child: DOMNode, at position: Int) {
        children.insert(child, at: position)
        child.parent = self
    }

    /// Takes the node out of its parent; it keeps its subtree.
    func unlink() {
        guard let parent, let position = parent.children.firstIndex(where: { $0 === self }) else { return }
        parent.children.remove(at: position)
        self.parent = nil
    }

    /// Replaces all children by `nodes` (unlinked).
    func replaceChildren(with nodes: [DOMNode]) {
        children.forEach { $0.parent = nil }
        children = []
        nodes.forEach(append)
    }
}
