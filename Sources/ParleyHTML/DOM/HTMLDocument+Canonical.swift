import CLibXML2
import ParleyXML

extension HTMLDocument {
    /// A canonical serialization of the element `id` and its subtree, for comparing DOMs:
    /// attributes sorted by name, adjacent text merged, comments dropped, void elements unclosed,
    /// all values escaped by ``HTMLWriter``.
    /// - Throws: ``DOMError/missingElement(_:)``.
    /// - Complexity: O(size of the subtree).
    public func canonicalHTML(of id: String) throws(DOMError) -> String {
        guard let node = index[id] else { throw .missingElement(id) }
        var writer = HTMLWriter()
        Self.serialize(node, into: &writer)
        return writer.fragment.description
    }

    /// The ids of the element children of `id`, in order.
    public func childIDs(of id: String) throws(DOMError) -> [String] {
        guard let node = index[id] else { throw .missingElement(id) }
        var ids: [String] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE, let childID = Self.attribute(current, "id") { ids.append(childID) }
            child = current.pointee.next
        }
        return ids
    }

    static func serialize(_ node: xmlNodePtr, into writer: inout HTMLWriter) {
        let name = LibXML.string(node.pointee.name).lowercased()
        var attributes: [(String, String)] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            let value = LibXML.content(UnsafeMutableRawPointer(current).assumingMemoryBound(to: xmlNode.self))
            attributes.append((LibXML.string(current.pointee.name).lowercased(), value))
            attribute = current.pointee.next
        }
        writer.appendRaw(Array("<\(name)".utf8))
        for (attributeName, value) in attributes.sorted(by: { $0.0 < $1.0 }) {
            writer.appendRaw(Array(" \(attributeName)=\"".utf8))
            writer.text(value)
            writer.appendRaw([0x22])
        }
        writer.appendRaw([0x3E])
        var text = ""
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE: text += LibXML.content(current)
            case XML_ELEMENT_NODE:
                writer.text(text)
                text = ""
                serialize(current, into: &writer)
            default: break
            }
            child = current.pointee.next
        }
        writer.text(text)
        if !MarkupElement.voidElements.contains(name) { writer.appendRaw(Array("</\(name)>".utf8)) }
    }
}
