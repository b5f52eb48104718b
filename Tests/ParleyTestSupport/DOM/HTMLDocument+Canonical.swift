import ParleyHTML
import ParleyXML

extension HTMLDocument {
    /// A canonical serialization of the element `id` and its subtree, for comparing DOMs:
    /// names lowercase, attributes sorted by name, adjacent text merged, void elements unclosed,
    /// all text and values escaped as ``HTMLWriter`` escapes them.
    /// - Throws: ``DOMError/missingElement(_:)``.
    /// - Complexity: O(size of the subtree).
    public func canonicalHTML(of id: String) throws(DOMError) -> String {
        guard let node = index[id] else { throw .missingElement(id) }
        var html = ""
        Self.serialize(node, into: &html)
        return html
    }

    /// The ids of the element children of `id`, in order.
    /// - Throws: ``DOMError/missingElement(_:)``.
    public func childIDs(of id: String) throws(DOMError) -> [String] {
        guard let node = index[id] else { throw .missingElement(id) }
        return node.children.compactMap { $0.isElement ? $0.attribute("id") : nil }
    }

    static func serialize(_ node: DOMNode, into html: inout String) {
        guard case let .element(tag) = node.kind else { return }
        let name = tag.lowercased()
        html += "<\(name)"
        for (attribute, value) in node.attributes.map({ ($0.name.lowercased(), $0.value) }).sorted(by: { $0.0 < $1.0 }) {
            html += " \(attribute)=\"\(SafeHTML.text(value))\""
        }
        html += ">"
        var text = ""
        for child in node.children {
            switch child.kind {
            case let .text(run): text += run
            case .element:
                html += SafeHTML.text(text).description
                text = ""
                serialize(child, into: &html)
            case .document: break
            }
        }
        html += SafeHTML.text(text).description
        if !MarkupElement.voidElements.contains(name) { html += "</\(name)>" }
    }
}
