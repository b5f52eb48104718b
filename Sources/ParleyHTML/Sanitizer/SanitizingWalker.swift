import ParleyXML

/// Walks a parsed ``MarkupNode`` tree and writes its allowed part through an ``HTMLWriter``.
struct SanitizingWalker {
    var writer = HTMLWriter()
    /// Collected text, for ``HTMLSanitizer/plainText(_:)``.
    var text = ""
    /// The allowed elements currently open in the output.
    private var openElements: [String] = []
    private var insideLink = false

    mutating func walk(_ nodes: [MarkupNode], depth: Int) {
        for node in nodes {
            switch node {
            case let .text(text): writer.text(text)
            case let .element(element): self.element(element, depth: depth)
            }
        }
    }

    private mutating func element(_ node: MarkupElement, depth: Int) {
        let name = node.name
        guard !SanitizerAllowlist.dropped.contains(name) else { return }
        guard depth < HTMLSanitizer.maximumDepth else {
            writer.text(node.textContent)
            return
        }
        guard let rule = SanitizerAllowlist.elements[name], rule.parents.map({ $0.contains(openElements.last ?? "") }) ?? true
        else { return walk(node.children, depth: depth + 1) }
        let attributes: [(StaticString, AttributeValue?)]
        switch name {
        case "a":
            guard !insideLink, let href = node.attribute("href").flatMap(LinkPolicy.absolute) else {
                return walk(node.children, depth: depth + 1)
            }
            attributes = [("class", .text("link")), ("href", .text(href)), ("rel", .text("noopener noreferrer nofollow"))]
        case "img":
            let alt = node.attribute("alt") ?? ""
            guard let source = node.attribute("src"), LinkPolicy.isRemote(source), let cleaned = LinkPolicy.absolute(source) else {
                return writer.text(alt)
            }
            attributes = [
                ("src", .text(cleaned)), ("alt", .text(alt)), ("width", Self.number(node, "width")),
                ("height", Self.number(node, "height")), ("loading", .text("lazy")),
            ]
        case "ol": attributes = [("start", Self.number(node, "start"))]
        case "code":
            let language = node.attribute("class").flatMap { value in
                value.split(separator: " ").first { $0.hasPrefix("language-") && Self.isLanguageClass($0) }.map(String.init)
            }
            attributes = [("class", language.map { .text($0) })]
        case "span":
            attributes = node.attribute("data-mx-spoiler") == nil ? [] : [("class", .text("spoiler")), ("tabindex", .text("0"))]
        default: attributes = []
        }
        let needsBody = name == "tr" && openElements.last == "table"
        if needsBody { open("tbody", name: "tbody") }
        writer.open(rule.tag, attributes)
        if !rule.isVoid {
            openElements.append(rule.name)
            let wasInsideLink = insideLink
            insideLink = insideLink || name == "a"
            walk(node.children, depth: depth + 1)
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

    /// Collects the text of `nodes`, leaving out dropped elements.
    mutating func collectText(_ nodes: [MarkupNode], depth: Int = 0) {
        guard depth < HTMLSanitizer.maximumDepth else { return }
        for node in nodes {
            switch node {
            case let .text(run): text += run
            case let .element(element):
                guard !SanitizerAllowlist.dropped.contains(element.name) else { continue }
                text += " "
                collectText(element.children, depth: depth + 1)
                text += " "
            }
        }
    }

    /// An attribute that is 1 to 6 ASCII digits, else nil (left out).
    static func number(_ node: MarkupElement, _ name: String) -> AttributeValue? {
        guard let value = node.attribute(name), (1...6).contains(value.count), value.allSatisfy({ $0.isASCII && $0.isNumber }) else {
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
