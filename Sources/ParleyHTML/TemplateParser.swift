import CLibXML2

/// Parses template source with libxml2's HTML parser and walks the tree into ``Template`` parts.
///
/// A source that starts with `<!DOCTYPE` is parsed as a whole document; anything else as a
/// fragment (wrapped in a `<div>` and parsed with `HTML_PARSE_NOIMPLIED`, the reliable way in
/// libxml2 2.9.14). Comments are dropped, and so are whitespace-only text nodes that hold a
/// line break (template indentation), so rendered markup has no stray text nodes.
enum TemplateParser {
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]
    static let urlAttributes: Set<String> = ["href", "src", "action", "formaction", "poster", "cite", "data"]
    static let rawTextElements: Set<String> = ["script", "style"]

    static func parse(_ source: String, name: String) throws(TemplateError) -> Template {
        LibXML.initialize()
        let trimmed = source.drop(while: \.isWhitespace)
        let isDocument = trimmed.prefix(9).lowercased() == "<!doctype"
        let input = isDocument ? source : "<div>\(source)</div>"
        let options = Int32(
            HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue
                | HTML_PARSE_NODEFDTD.rawValue | (isDocument ? 0 : HTML_PARSE_NOIMPLIED.rawValue))
        let bytes = Array(input.utf8)
        guard
            let document = bytes.withUnsafeBufferPointer({ buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    htmlReadMemory($0, Int32(buffer.count), name, "UTF-8", options)
                }
            })
        else { throw .unparsable(template: name) }
        defer { xmlFreeDoc(document) }
        var builder = PartsBuilder(template: name)
        if isDocument {
            builder.appendStatic("<!DOCTYPE html>")
            try builder.walkSiblings(document.pointee.children)
        } else {
            guard let wrapper = xmlDocGetRootElement(document) else { throw .unparsable(template: name) }
            try builder.walkSiblings(wrapper.pointee.children)
        }
        let parts = builder.finish()
        return Template(name: name, slotNames: builder.slotNames, parts: parts)
    }
}

/// Initializes libxml2 once per process, before any thread uses it.
enum LibXML {
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    static func initialize() { _ = initialized }

    static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }

    /// The text content of a node or attribute, freed after copying.
    static func content(_ node: UnsafeMutablePointer<xmlNode>?) -> String {
        guard let raw = xmlNodeGetContent(node) else { return "" }
        defer { parley_xmlFree(raw) }
        return String(cString: raw)
    }
}
