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

    /// A piece of the template: static bytes, a slot, an optional attribute (` name="…"`, left
    /// out entirely when its only slot is empty) or a slot element (`<tag data-slot="NAME">`, the
    /// HTML slot and `</tag>`, left out entirely when the slot is empty). Static bytes are ranges
    /// of ``Storage/bytes``, so that a step holds no reference and reading one retains nothing:
    /// every core renders with the same templates, and a retain of a shared array is an atomic
    /// write to a cache line the other core writes too.
    enum Step: Sendable {
        case bytes(Range<Int>)
        case slot(Int, Context)
        case optionalAttribute(name: Range<Int>, slot: Int, context: Context)
        case slotElement(open: Range<Int>, slot: Int, close: Range<Int>)

        /// The slot the step writes, if any.
        var slot: Int? {
            switch self {
            case .bytes: return nil
            case let .slot(index, _), let .optionalAttribute(_, index, _), let .slotElement(_, index, _): return index
            }
        }
    }

    /// Everything of a template in one object: a copy of a ``Template`` retains one reference.
    final class Storage: Sendable {
        let name: String
        let slotNames: [String]
        /// Every static byte of the template, in order; ``steps`` refer to ranges of it.
        let bytes: [UInt8]
        let steps: [Step]

        init(name: String, slotNames: [String], bytes: [UInt8], steps: [Step]) {
            self.name = name
            self.slotNames = slotNames
            self.bytes = bytes
            self.steps = steps
        }
    }

    let storage: Storage

    /// The template's name (its file name), used in errors.
    public var name: String { storage.name }
    /// The distinct slot names in order of first appearance; a name's position is its index.
    public var slotNames: [String] { storage.slotNames }
    var steps: [Step] { storage.steps }
    var bytes: [UInt8] { storage.bytes }

    init(_ storage: Storage) { self.storage = storage }

    /// A template of `steps` of `storage`'s bytes (a piece of a split template).
    init(_ storage: Storage, steps: some Sequence<Step>) {
        self.storage = Storage(name: storage.name, slotNames: storage.slotNames, bytes: storage.bytes, steps: Array(steps))
    }

    /// The slots of the template with their contexts, in order of appearance.
    public var slots: [(name: String, context: Context)] {
        steps.compactMap {
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
            elements: steps.compactMap {
                guard case let .slotElement(open, index, close) = $0 else { return nil }
                return SlotLayout.Element(name: slotNames[index], open: Array(bytes[open]), close: Array(bytes[close]))
            })
    }

    /// The index of the slot called `name`, or nil when the template has no such slot.
    /// - Complexity: O(number of slots).
    public func slotIndex(_ name: String) -> Int? { slotNames.firstIndex(of: name) }

    /// Renders the template; slots without a value render empty.
    /// - Complexity: O(output bytes).
    public func render(_ values: KeyValuePairs<String, SlotValue>) -> SafeHTML {
        render(SlotValues(values, for: self))
    }

    /// Renders the template with values by slot index; slots without a value render empty.
    /// - Complexity: O(output bytes).
    public func render(_ values: SlotValues) -> SafeHTML {
        var writer = HTMLWriter(capacity: 512)
        render(values, into: &writer)
        return writer.fragment
    }

    /// Renders the template at the end of `writer`.
    public func render(_ values: KeyValuePairs<String, SlotValue>, into writer: inout HTMLWriter) {
        render(SlotValues(values, for: self), into: &writer)
    }

    /// Renders the template at the end of `writer`, with values by slot index.
    /// - Complexity: O(output bytes); no slot name is hashed.
    public func render(_ values: SlotValues, into writer: inout HTMLWriter) {
        withSteps { steps, bytes in
            for step in steps { write(step, bytes, values, into: &writer) }
        }
    }

    /// Calls `body` with the template's steps and static bytes in place.
    func withSteps<Result>(_ body: (UnsafeBufferPointer<Step>, UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        storage.steps.withUnsafeBufferPointer { steps in storage.bytes.withUnsafeBufferPointer { body(steps, $0) } }
    }

    func write(_ step: Step, _ bytes: UnsafeBufferPointer<UInt8>, _ values: SlotValues, into writer: inout HTMLWriter) {
        switch step {
        case let .bytes(range):
            writer.appendRaw(UnsafeBufferPointer(rebasing: bytes[range]))
        case let .slot(index, context):
            if let value = values[index] { Self.write(value, context, into: &writer) }
        case let .optionalAttribute(attribute, index, context):
            guard let value = values[index], !value.isEmpty else { return }
            if context == .url, case let .text(url) = value, URLPolicy.sanitize(url) == nil { return }
            writer.appendRaw(UnsafeBufferPointer(rebasing: bytes[attribute]))
            Self.write(value, context, into: &writer)
            writer.appendRaw(0x22)
        case let .slotElement(open, index, close):
            guard let value = values[index], !value.isEmpty else { return }
            writer.appendRaw(UnsafeBufferPointer(rebasing: bytes[open]))
            Self.write(value, .html, into: &writer)
            writer.appendRaw(UnsafeBufferPointer(rebasing: bytes[close]))
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
