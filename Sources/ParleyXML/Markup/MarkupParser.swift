import CLibXML2

/// libxml2's HTML parser, read into ``MarkupNode`` values.
///
/// libxml2 2.9.14 parses by HTML4 rules and recovers from errors the way it recovers (not always
/// the browsers' way: see `PLATFORM-NOTES.md`). Input is always read as UTF-8, never from the
/// network, with errors and warnings silenced (`HTML_PARSE_NOERROR | NOWARNING | NONET`) and no
/// default document type added (`NODEFDTD`). The C tree is freed before the call returns.
public enum MarkupParser {
    /// Parses `html` as a whole document; `<html>`, `<head>` and `<body>` are implied when missing.
    /// - Returns: the document's top-level elements and text (usually the one `<html>` element).
    /// - Throws: ``MarkupError/unparsable`` when libxml2 returns no document (empty input, more
    ///   than 2 GiB, no memory).
    /// - Complexity: O(n) in the input's length.
    public static func parseDocument(_ html: [UInt8]) throws(MarkupError) -> [MarkupNode] {
        let document = try parse(html, options: 0)
        defer { xmlFreeDoc(document) }
        return nodes(from: document.pointee.children)
    }

    /// Parses `html` as a fragment: wrapped in `<div>…</div>` and parsed with
    /// `HTML_PARSE_NOIMPLIED`, the reliable way with libxml2 2.9.14 (without the wrapper it nests
    /// the second of two top-level `<p>` in the first).
    ///
    /// A stray `</div>` in `html` closes the wrapper early, but libxml2 adds the elements after it
    /// to the document's first element, the wrapper, all the same (text in an implied `<p>`); only
    /// comments and processing instructions land after it, and those are not part of the tree.
    /// So the wrapper's children are the whole fragment.
    /// - Returns: the fragment's top-level nodes: the wrapper's children.
    /// - Throws: ``MarkupError/unparsable`` when libxml2 returns no document (more than 2 GiB of
    ///   input, no memory).
    /// - Complexity: O(n) in the input's length.
    public static func parseFragment(_ html: [UInt8]) throws(MarkupError) -> [MarkupNode] {
        var wrapped = Array("<div>".utf8)
        wrapped.reserveCapacity(html.count + 11)
        wrapped += html
        wrapped += "</div>".utf8
        let document = try parse(wrapped, options: HTML_PARSE_NOIMPLIED.rawValue)
        defer { xmlFreeDoc(document) }
        guard let wrapper = xmlDocGetRootElement(document) else { throw .unparsable }
        return nodes(from: wrapper.pointee.children)
    }

    private static func parse(_ bytes: [UInt8], options: UInt32) throws(MarkupError) -> htmlDocPtr {
        LibXML.initialize()
        guard let length = Int32(exactly: bytes.count) else { throw .unparsable }
        let flags = Int32(
            HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue
                | HTML_PARSE_NODEFDTD.rawValue | options)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { htmlReadMemory($0.baseAddress, length, "input", "UTF-8", flags) }
        }
        guard let document else { throw .unparsable }
        return document
    }

    /// The elements and text runs among `first` and its following siblings, with their subtrees.
    /// Recursion is bounded: libxml2 stops building the tree 256 elements deep.
    private static func nodes(from first: xmlNodePtr?) -> [MarkupNode] {
        var nodes: [MarkupNode] = []
        var node = first
        while let current = node {
            switch current.pointee.type {
            case XML_ELEMENT_NODE: nodes.append(.element(element(current)))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE: nodes.append(.text(LibXML.string(current.pointee.content)))
            default: break
            }
            node = current.pointee.next
        }
        return nodes
    }

    private static func element(_ node: xmlNodePtr) -> MarkupElement {
        var attributes: [MarkupAttribute] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            attributes.append(MarkupAttribute(name: LibXML.string(current.pointee.name), value: value(of: current)))
            attribute = current.pointee.next
        }
        return MarkupElement(name: LibXML.string(node.pointee.name), attributes: attributes, children: nodes(from: node.pointee.children))
    }

    /// The value of `attribute`: the content of its one text child as the HTML parser leaves it
    /// (read in place), else libxml2's concatenation of its children; `""` for an attribute
    /// written without a value.
    private static func value(of attribute: xmlAttrPtr) -> String {
        guard let child = attribute.pointee.children else { return "" }
        if child.pointee.next == nil, child.pointee.type == XML_TEXT_NODE { return LibXML.string(child.pointee.content) }
        return LibXML.content(UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: xmlNode.self))
    }
}
