/// Why a template could not be used.
public enum TemplateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libxml2 could not parse the template source.
    case unparsable(template: String)
    /// An HTML slot `{{{name}}}` stands inside an attribute value, where only text may go.
    case htmlSlotInAttribute(template: String, attribute: String)
    /// A slot inside a `<script>` or `<style>` element, where no escaping is safe.
    case slotInRawText(template: String, element: String)
    /// A slot element (`data-slot="NAME"` holding only `{{{NAME}}}`) with a slot in an attribute:
    /// its start tag must be static, so a patch can create it on its own.
    case slotInSlotElement(template: String, slot: String)
    /// A `{{` without its closing `}}`.
    case unclosedSlot(template: String, near: String)
    /// The template file could not be read.
    case unreadable(path: String)

    public var description: String {
        switch self {
        case let .unparsable(template): return "template \(template): libxml2 could not parse it as HTML"
        case let .htmlSlotInAttribute(template, attribute):
            return "template \(template): an HTML slot {{{…}}} in attribute \"\(attribute)\"; use {{…}}"
        case let .slotInRawText(template, element):
            return "template \(template): a slot inside <\(element)>, where values cannot be escaped"
        case let .slotInSlotElement(template, slot):
            return "template \(template): the slot element \"\(slot)\" has a slot in an attribute; its start tag must be static"
        case let .unclosedSlot(template, near): return "template \(template): \"{{\" without \"}}\" near \"\(near)\""
        case let .unreadable(path): return "template \(path): cannot read the file"
        }
    }
}
