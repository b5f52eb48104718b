/// Why a template could not be used.
public enum TemplateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libxml2 could not parse the template source.
    case unparsable(template: String)
    /// An HTML slot `{{{name}}}` stands inside an attribute value, where only text may go.
    case htmlSlotInAttribute(template: String, attribute: String)
    /// A slot inside a `<script>` or `<style>` element, where no escaping is safe.
    case slotInRawText(template: String, element: String)
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
        case let .unclosedSlot(template, near): return "template \(template): \"{{\" without \"}}\" near \"\(near)\""
        case let .unreadable(path): return "template \(path): cannot read the file"
        }
    }
}
