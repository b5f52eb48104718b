import CLibXML2

/// libxml2's process-wide set-up and the conversions of its strings.
enum LibXML {
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Initializes libxml2 once per process, before any thread uses it.
    static func initialize() { _ = initialized }

    /// The NUL-terminated UTF-8 string at `pointer`; empty for nil.
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
