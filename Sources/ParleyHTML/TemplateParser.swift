import ParleyXML

/// Parses template source with libxml2's HTML parser (through ``MarkupParser``) and walks the
/// tree into ``Template`` steps.
///
/// A source that starts with `<!DOCTYPE` is parsed as a whole document; anything else as a
/// fragment (wrapped in a `<div>` and parsed with `HTML_PARSE_NOIMPLIED`, the reliable way in
/// libxml2 2.9.14). Comments are dropped, and so are whitespace-only text nodes that hold a
/// line break (template indentation), so rendered markup has no stray text nodes.
enum TemplateParser {
    static let urlAttributes: Set<String> = ["href", "src", "action", "formaction", "poster", "cite", "data"]
    static let rawTextElements: Set<String> = ["script", "style"]

    static func parse(_ source: String, name: String) throws(TemplateError) -> Template {
        let trimmed = source.drop(while: \.isWhitespace)
        let isDocument = trimmed.prefix(9).lowercased() == "<!doctype"
        let bytes = Array(source.utf8)
        let nodes: [MarkupNode]
        do throws(MarkupError) {
            nodes = isDocument ? try MarkupParser.parseDocument(bytes) : try MarkupParser.parseFragment(bytes)
        } catch {
            throw .unparsable(template: name)
        }
        var builder = PartsBuilder(template: name)
        if isDocument { builder.appendStatic("<!DOCTYPE html>") }
        try builder.walk(nodes, parent: isDocument ? "" : "div")
        let compiled = builder.finish()
        return Template(Template.Storage(name: name, slotNames: builder.slotNames, bytes: compiled.bytes, steps: compiled.steps))
    }
}
