import CLibXML2

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
