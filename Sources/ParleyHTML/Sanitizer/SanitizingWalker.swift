import CLibXML2

/// Walks a libxml2 tree and writes its allowed part through an ``HTMLWriter``.
struct SanitizingWalker {
    var writer = HTMLWriter()
    /// Collected text, for ``HTMLSanitizer/plainText(_:)``.
    var text = ""
    /// The allowed elements currently open in the output.
    private var openElements: [String] = []
    private var insideLink = false

    mutating func walkSiblings(_ first: UnsafeMutablePointer<xmlNode>?, depth: Int) {
        var node = first
        while let current = node {
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE: writer.text(LibXML.content(current))
            case XML_ELEMENT_NODE: element(current, depth: depth)
            default: break
            }
            node = current.pointee.next
        }
    }

    private mutating func element(_ node: UnsafeMutablePointer<xmlNode>, depth: Int) {
        let name = LibXML.string(node.pointee.name).lowercased()
        guard !SanitizerAllowlist.dropped.contains(name) else { return }
        guard depth < HTMLSanitizer.maximumDepth else {
            writer.text(LibXML.content(node))
            return
        }
        guard let rule = SanitizerAllowlist.elements[name], rule.parents.map({ $0.contains(openElements.last ?? "") }) ?? true
        else { return walkSiblings(node.pointee.children, depth: depth + 1) }
        let attributes: [(StaticString, AttributeValue?)]
        switch name {
        case "a":
            guard !insideLink, let href = Self.attribute(node, "href").flatMap(LinkPolicy.absolute) else {
                return walkSiblings(node.pointee.children, depth: depth + 1)
            }
            attributes = [("class", .text("link")), ("href", .text(href)), ("rel", .text("noopener noreferrer nofollow"))]
        case "img":
            let alt = Self.attribute(node, "alt") ?? ""
            guard let source = Self.attribute(node, "src"), LinkPolicy.isRemote(source), let cleaned = LinkPolicy.absolute(source) else {
                return writer.text(alt)
            }
            attributes = [
                ("src", .text(cleaned)), ("alt", .text(alt)), ("width", Self.number(node, "width")),
                ("height", Self.number(node, "height")), ("loading", .text("lazy")),
            ]
        case "ol": attributes = [("start", Self.number(node, "start"))]
        case "code":
            let language = Self.attribute(node, "class").flatMap { value in
                value.split(separator: " ").first { $0.hasPrefix("language-") && Self.isLanguageClass($0) }.map(String.init)
            }
            attributes = [("class", language.map { .text($0) })]
        case "span":
            attributes = Self.attribute(node, "data-mx-spoiler") == nil ? [] : [("class", .text("spoiler")), ("tabindex", .text("0"))]
        default: attributes = []
        }
        let needsBody = name == "tr" && openElements.last == "table"
        if needsBody { open("tbody", name: "tbody") }
        writer.open(rule.tag, attributes)
        if !rule.isVoid {
            openElements.append(rule.name)
            let wasInsideLink = insideLink
            insideLink = insideLink || name == "a"
            walkSiblings(node.pointee.children, depth: depth + 1)
            insideLink = wasInsideLink
            openElements.removeLast()
            writer.close(rule.tag)
        }
        if needsBody { close("tbody") }
    }

    private mutating func open(_ tag: StaticString, name: String) {
        writer.open(tag)
        openElements.append(name)
    }

    private mutating func close(_ tag: StaticString) {
        openElements.removeLast()
        writer.close(tag)
    }

    /// Collects the text of the siblings from `first` on, leaving out dropped elements.
    mutating func collectText(_ first: UnsafeMutablePointer<xmlNode>?, depth: Int = 0) {
        var node = first
        while let current = node, depth < HTMLSanitizer.maximumDepth {
            if current.pointee.type == XML_TEXT_NODE {
                text += LibXML.content(current)
            } else if current.pointee.type == XML_ELEMENT_NODE {
                let name = LibXML.string(current.pointee.name).lowercased()
                if !SanitizerAllowlist.dropped.contains(name) {
                    text += " "
                    collectText(current.pointee.children, depth: depth + 1)
                    text += " "
                }
            }
            node = current.pointee.next
        }
    }

    static func attribute(_ node: UnsafeMutablePointer<xmlNode>, _ name: String) -> String? {
        guard let value = xmlGetProp(node, name) else { return nil }
        defer { parley_xmlFree(value) }
        return String(cString: value)
    }

    /// An attribute that is 1 to 6 ASCII digits, else nil (left out).
    static func number(_ node: UnsafeMutablePointer<xmlNode>, _ name: String) -> AttributeValue? {
        guard let value = attribute(node, name), (1...6).contains(value.count), value.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return nil
        }
        return .text(value)
    }

    static func isLanguageClass(_ value: Substring) -> Bool {
        let language = value.dropFirst("language-".count)
        return (1...32).contains(language.count)
            && language.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_+#.-".contains($0)) }
    }
}
