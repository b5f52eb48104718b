/// An HTML template parsed once into static bytes and typed slots.
///
/// Slots are written in the template source as `{{name}}` (text, or an attribute value) and
/// `{{{name}}}` (a ``SafeHTML`` fragment, in text position only). A slot's context — text,
/// attribute, URL attribute (`href`, `src`, …) or HTML — comes from where it stands, and
/// ``render(_:)`` writes each value for that context through ``HTMLWriter``. An attribute whose
/// whole value is one slot is left out when the value is missing or empty, and so is a slot
/// element — `data-slot="NAME"` holding only `{{{NAME}}}` — with its start and end tags
/// (``slotLayout``).
///
/// Each distinct slot name has an index (``slotIndex(_:)``): a renderer that fills the same
/// template many times resolves its names once and passes ``SlotValues`` by index.
public struct Template: Sendable {
    /// Where a slot stands, which decides how its value is written.
    public enum Context: Hashable, Sendable {
        case text, attribute, url, html
    }

    enum Part: Sendable {
        case bytes([UInt8])
        /// A slot, by its index in ``slotNames``.
        case slot(Int, Context)
        /// ` name="…"`, left out entirely when its only slot is empty.
        case optionalAttribute(name: [UInt8], slot: Int, context: Context)
        /// `<tag data-slot="NAME">` + the HTML slot + `</tag>`, left out entirely when the slot is empty.
        case slotElement(open: [UInt8], slot: Int, close: [UInt8])
    }

    /// The template's name (its file name), used in errors.
    public let name: String
    /// The distinct slot names in order of first appearance; a name's position is its index.
    public let slotNames: [String]
    let parts: [Part]

    init(name: String, slotNames: [String], parts: [Part]) {
        self.name = name
        self.slotNames = slotNames
        self.parts = parts
    }

    /// The slots of the template with their contexts, in order of appearance.
    public var slots: [(name: String, context: Context)] {
        parts.compactMap {
            switch $0 {
            case .bytes: return nil
            case let .slot(index, context), let .optionalAttribute(_, index, context): return (slotNames[index], context)
            case let .slotElement(_, index, _): return (slotNames[index], .html)
            }
        }
    }

    /// The template's slot elements, in document order.
    public var slotLayout: SlotLayout {
        SlotLayout(
            elements: parts.compactMap {
                guard case let .slotElement(open, index, close) = $0 else { return nil }
                return SlotLayout.Element(name: slotNames[index], open: open, close: close)
            })
    }

    /// The index of the slot called `name`, or nil when the template has no such slot.
    /// - Complexity: O(number of slots).
    public func slotIndex(_ name: String) -> Int? { slotNames.firstIndex(of: name) }

    /// Renders the template; slots without a value render empty.
    /// - Complexity: O(output bytes).
    public func render(_ values: [String: SlotValue]) -> SafeHTML {
        var writer = HTMLWriter(capacity: 512)
        render(values, into: &writer)
        return writer.fragment
    }

    /// Renders the template at the end of `writer`.
    public func render(_ values: [String: SlotValue], into writer: inout HTMLWriter) {
        render(SlotValues(values, for: self), into: &writer)
    }

    /// Renders the template at the end of `writer`, with values by slot index.
    /// - Complexity: O(output bytes); no slot name is hashed.
    public func render(_ values: SlotValues, into writer: inout HTMLWriter) {
        for part in parts { write(part, values, into: &writer) }
    }

    func write(_ part: Part, _ values: SlotValues, into writer: inout HTMLWriter) {
        switch part {
        case let .bytes(bytes):
            writer.appendRaw(bytes)
        case let .slot(index, context):
            if let value = values[index] { Self.write(value, context, into: &writer) }
        case let .optionalAttribute(attribute, index, context):
            guard let value = values[index], !value.isEmpty else { return }
            if context == .url, case let .text(url) = value, URLPolicy.sanitize(url) == nil { return }
            writer.appendRaw(attribute)
            Self.write(value, context, into: &writer)
            writer.appendRaw([0x22])
        case let .slotElement(open, index, close):
            guard let value = values[index], !value.isEmpty else { return }
            writer.appendRaw(open)
            Self.write(value, .html, into: &writer)
            writer.appendRaw(close)
        }
    }

    static func write(_ value: SlotValue, _ context: Context, into writer: inout HTMLWriter) {
        switch (value, context) {
        case let (.html(fragment), .html): writer.html(fragment)
        case let (.html(fragment), _): writer.text(fragment.description)
        case let (.text(text), .url): writer.text(URLPolicy.sanitize(text) ?? "")
        case let (.text(text), _): writer.text(text)
        }
    }
}

extension Template {
    /// Parses template source once into static parts and typed slots.
    /// - Parameters:
    ///   - source: The template's HTML; a document when it starts with `<!DOCTYPE`, else a fragment.
    ///   - name: The template's name for errors (usually its file name).
    /// - Throws: ``TemplateError`` when libxml2 cannot parse it, a `{{` is not closed, an HTML slot
    ///   stands in an attribute, or a slot stands inside `<script>` or `<style>`.
    public static func parse(_ source: String, name: String) throws(TemplateError) -> Template {
        try TemplateParser.parse(source, name: name)
    }
}
