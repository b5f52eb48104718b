import ParleyXML

/// Accumulates a ``Template``'s steps while walking a parsed ``MarkupNode`` tree: static bytes are merged into
/// one buffer the steps refer to, slots are split out of text and attribute values.
struct PartsBuilder {
    let template: String
    private var steps: [Template.Step] = []
    /// Every static byte so far; the steps refer to ranges of it.
    private var bytes: [UInt8] = []
    private var pending = HTMLWriter()
    /// The distinct slot names so far; a name's position is its index.
    private(set) var slotNames: [String] = []

    init(template: String) { self.template = template }

    /// Walks `nodes`, the children of the element named `parent`.
    mutating func walk(_ nodes: [MarkupNode], parent: String) throws(TemplateError) {
        for node in nodes {
            switch node {
            case let .element(element): try self.element(element)
            case let .text(text): try self.text(text, parent: parent)
            }
        }
    }

    private mutating func text(_ text: String, parent: String) throws(TemplateError) {
        if text.allSatisfy(\.isWhitespace), text.contains(where: \.isNewline) { return }
        if TemplateParser.rawTextElements.contains(parent) {
            if text.contains("{{") { throw .slotInRawText(template: template, element: parent) }
            pending.appendRaw(Array(text.utf8))
        } else {
            try appendText(Self.trimmingIndentation(text))
        }
    }

    private mutating func element(_ element: MarkupElement) throws(TemplateError) {
        if let slot = Self.slotElementName(element) { return try appendSlotElement(element, slot: slot) }
        pending.appendRaw(Array("<\(element.name)".utf8))
        for attribute in element.attributes { try appendAttribute(attribute.name, attribute.value) }
        pending.appendRaw([0x3E])
        try walk(element.children, parent: element.name)
        if !element.isVoid { pending.appendRaw(Array("</\(element.name)>".utf8)) }
    }

    /// `NAME` when `element` is a slot element: `data-slot="NAME"` and only `{{{NAME}}}` inside.
    static func slotElementName(_ element: MarkupElement) -> String? {
        guard let name = element.attributes.first(where: { $0.name == "data-slot" })?.value, element.children.count == 1,
            case let .text(text) = element.children[0], trimmingIndentation(text) == "{{{\(name)}}}"
        else { return nil }
        return name
    }

    /// A slot element as one part: its static start tag, its slot and its end tag.
    /// - Throws: ``TemplateError/slotInSlotElement(template:slot:)`` when an attribute holds a slot.
    private mutating func appendSlotElement(_ element: MarkupElement, slot: String) throws(TemplateError) {
        var open = HTMLWriter()
        open.appendRaw(Array("<\(element.name)".utf8))
        for attribute in element.attributes {
            guard !attribute.value.contains("{{") else { throw .slotInSlotElement(template: template, slot: slot) }
            open.appendRaw(Array(" \(attribute.name)=\"".utf8))
            open.text(attribute.value)
            open.appendRaw([0x22])
        }
        open.appendRaw([0x3E])
        flush()
        steps.append(.slotElement(open: range(open.bytes), slot: index(of: slot), close: range(Array("</\(element.name)>".utf8))))
    }

    private mutating func appendAttribute(_ name: String, _ value: String) throws(TemplateError) {
        let context: Template.Context = TemplateParser.urlAttributes.contains(name) ? .url : .attribute
        let pieces = try SlotScanner.split(value, template: template)
        if pieces.contains(where: { if case .slot(_, true) = $0 { return true } else { return false } }) {
            throw .htmlSlotInAttribute(template: template, attribute: name)
        }
        if pieces.count == 1, case let .slot(slot, _) = pieces[0] {
            flush()
            steps.append(.optionalAttribute(name: range(Array(" \(name)=\"".utf8)), slot: index(of: slot), context: context))
            return
        }
        pending.appendRaw(Array(" \(name)=\"".utf8))
        for piece in pieces {
            switch piece {
            case let .literal(text): pending.text(text)
            case let .slot(slot, _):
                flush()
                steps.append(.slot(index(of: slot), context))
            }
        }
        pending.appendRaw([0x22])
    }

    private mutating func appendText(_ text: String) throws(TemplateError) {
        for piece in try SlotScanner.split(text, template: template) {
            switch piece {
            case let .literal(literal): pending.text(literal)
            case let .slot(slot, isHTML):
                flush()
                steps.append(.slot(index(of: slot), isHTML ? .html : .text))
            }
        }
    }

    /// The text without leading or trailing whitespace runs that hold a line break (indentation).
    static func trimmingIndentation(_ text: String) -> String {
        var trimmed = Substring(text)
        let leading = trimmed.prefix(while: \.isWhitespace)
        if leading.contains(where: \.isNewline) { trimmed = trimmed.dropFirst(leading.count) }
        let trailing = trimmed.reversed().prefix(while: \.isWhitespace)
        if trailing.contains(where: \.isNewline) { trimmed = trimmed.dropLast(trailing.count) }
        return String(trimmed)
    }

    mutating func appendStatic(_ text: String) { pending.appendRaw(Array(text.utf8)) }

    /// The index of slot `name`, added to ``slotNames`` when new.
    private mutating func index(of name: String) -> Int {
        if let index = slotNames.firstIndex(of: name) { return index }
        slotNames.append(name)
        return slotNames.count - 1
    }

    /// The range of `run` once appended to ``bytes``.
    private mutating func range(_ run: [UInt8]) -> Range<Int> {
        bytes.append(contentsOf: run)
        return bytes.count - run.count..<bytes.count
    }

    private mutating func flush() {
        guard !pending.bytes.isEmpty else { return }
        steps.append(.bytes(range(pending.bytes)))
        pending = HTMLWriter()
    }

    /// The template's static bytes and its steps.
    mutating func finish() -> (bytes: [UInt8], steps: [Template.Step]) {
        flush()
        return (bytes, steps)
    }
}
