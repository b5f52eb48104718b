import CLibXML2

/// A parsed HTML page that DOM-patch operations can be applied to, on the server.
///
/// Parsed once with libxml2's HTML parser; elements are found by `id` through an index kept up
/// to date as operations insert and remove elements. Used by the tests (the convergence
/// invariant) and by tools; browsers apply the same operations with `Public/parley.js`.
/// A class because it owns a libxml2 document; not `Sendable` — use it on one thread.
public final class HTMLDocument {
    let document: htmlDocPtr
    var index: [String: xmlNodePtr] = [:]

    /// Parses a whole page.
    /// - Throws: ``DOMError/unparsable`` when libxml2 returns no document.
    public init(page: SafeHTML) throws(DOMError) {
        LibXML.initialize()
        guard let parsed = Self.parse(page.bytes, fragment: false) else { throw .unparsable }
        document = parsed
        if let root = xmlDocGetRootElement(document) { indexSubtree(root) }
    }

    deinit { xmlFreeDoc(document) }

    /// Parses `bytes` as a document, or (with `fragment`) wrapped in a `<div>` as libxml2 2.9.14
    /// needs for reliable fragments.
    static func parse(_ bytes: [UInt8], fragment: Bool) -> htmlDocPtr? {
        let input = fragment ? Array("<div>".utf8) + bytes + Array("</div>".utf8) : bytes
        let options = Int32(
            HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue
                | HTML_PARSE_NODEFDTD.rawValue | (fragment ? HTML_PARSE_NOIMPLIED.rawValue : 0))
        return input.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                htmlReadMemory($0, Int32(buffer.count), "fragment", "UTF-8", options)
            }
        }
    }

    /// The element with this `id`, if any.
    func element(_ id: String) -> xmlNodePtr? { index[id] }

    func indexSubtree(_ node: xmlNodePtr) {
        var stack = [node]
        while let current = stack.popLast() {
            guard current.pointee.type == XML_ELEMENT_NODE else { continue }
            if let id = Self.attribute(current, "id") { index[id] = current }
            var child = current.pointee.children
            while let next = child {
                stack.append(next)
                child = next.pointee.next
            }
        }
    }

    func unindexSubtree(_ node: xmlNodePtr) {
        var stack = [node]
        while let current = stack.popLast() {
            guard current.pointee.type == XML_ELEMENT_NODE else { continue }
            if let id = Self.attribute(current, "id"), index[id] == current { index[id] = nil }
            var child = current.pointee.children
            while let next = child {
                stack.append(next)
                child = next.pointee.next
            }
        }
    }

    static func attribute(_ node: xmlNodePtr, _ name: String) -> String? {
        guard let value = xmlGetProp(node, name) else { return nil }
        defer { parley_xmlFree(value) }
        return String(cString: value)
    }
}

/// Why a DOM operation could not be applied on the server.
public enum DOMError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libxml2 could not parse the page or fragment.
    case unparsable
    /// No element has this id.
    case missingElement(String)
    /// The element has no descendant with `data-slot` equal to the name.
    case missingSlot(element: String, slot: String)
    /// A fragment for an insert or replace did not hold exactly one element.
    case notOneElement(String)

    public var description: String {
        switch self {
        case .unparsable: return "libxml2 could not parse the HTML"
        case let .missingElement(id): return "no element with id \"\(id)\""
        case let .missingSlot(element, slot): return "element \"\(element)\" has no slot \"\(slot)\""
        case let .notOneElement(id): return "the fragment for \"\(id)\" is not exactly one element"
        }
    }
}
