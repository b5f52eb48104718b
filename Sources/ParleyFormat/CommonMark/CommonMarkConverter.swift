import CCmarkGFM

/// Parses CommonMark with GitHub's extensions (tables, task lists, strikethrough, autolinks)
/// with cmark-gfm and walks its syntax tree into a ``FormatDocument``; cmark's own HTML is never used.
///
/// This is the only file that sees cmark-gfm. Raw HTML in the source stays literal text.
/// Nodes nested deeper than ``maximumDepth`` become their plain text.
/// Source: the CommonMark spec 0.29 and GitHub Flavored Markdown spec (cmark-gfm 0.29.0.gfm.6).
enum CommonMarkConverter {
    static let maximumDepth = 48

    /// Registers the GFM extensions once per process, before any parser uses them.
    private static let extensionsRegistered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// The document of `text`.
    /// - Complexity: O(n) in the text's length (cmark's parser is linear).
    static func document(_ text: String) -> FormatDocument {
        _ = extensionsRegistered
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return FormatDocument(blocks: [.paragraph([.text(text)])]) }
        defer { cmark_parser_free(parser) }
        for name in ["table", "strikethrough", "autolink", "tasklist"] {
            if let syntax = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, syntax) }
        }
        var source = text
        source.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        guard let root = cmark_parser_finish(parser) else { return FormatDocument(blocks: [.paragraph([.text(text)])]) }
        defer { cmark_node_free(root) }
        return FormatDocument(blocks: CMarkNode(root).children.flatMap { block($0, depth: 0) })
    }

    private static func block(_ node: CMarkNode, depth: Int) -> [Block] {
        guard depth < maximumDepth else { return [.paragraph(SpanDocumentBuilder.plain(node.plainText))] }
        let children = { node.children.flatMap { block($0, depth: depth + 1) } }
        switch node.type {
        case "paragraph": return [.paragraph(inlines(node, depth: depth))]
        case "heading": return [.heading(level: node.headingLevel, inlines(node, depth: depth))]
        case "block_quote": return [.quote(children())]
        case "list":
            let items = node.children.map { item in
                ListItem(blocks: item.children.flatMap { block($0, depth: depth + 2) }, task: item.taskState)
            }
            return [.list(ListBlock(isOrdered: node.isOrderedList, start: node.listStart, items: items))]
        case "code_block":
            let language = node.fenceInfo.split(separator: " ").first.map(String.init)
            var code = node.literal
            if code.hasSuffix("\n") { code.removeLast() }
            return [.codeBlock(language: language, code: code)]
        case "html_block":
            var html = node.literal
            while html.hasSuffix("\n") { html.removeLast() }
            return [.paragraph(SpanDocumentBuilder.plain(html))]
        case "thematic_break": return [.thematicBreak]
        case "table": return [.table(table(node, depth: depth))]
        default: return [.paragraph(SpanDocumentBuilder.plain(node.plainText))]
        }
    }

    private static func table(_ node: CMarkNode, depth: Int) -> TableBlock {
        let rows = node.children.map { row in row.children.map { inlines($0, depth: depth + 2) } }
        let isHeader = node.children.first?.isTableHeader ?? false
        return TableBlock(alignments: node.tableAlignments, header: isHeader ? rows[0] : [], rows: Array(rows.dropFirst(isHeader ? 1 : 0)))
    }

    private static func inlines(_ node: CMarkNode, depth: Int) -> [Inline] {
        node.children.flatMap { inline($0, depth: depth + 1) }
    }

    private static func inline(_ node: CMarkNode, depth: Int) -> [Inline] {
        guard depth < maximumDepth else { return [.text(node.plainText)] }
        switch node.type {
        case "text", "html_inline": return [.text(node.literal)]
        case "softbreak": return [.softBreak]
        case "linebreak": return [.lineBreak]
        case "code": return [.code(node.literal)]
        case "emph": return [.emphasis(inlines(node, depth: depth))]
        case "strong": return [.strong(inlines(node, depth: depth))]
        case "strikethrough": return [.strikethrough(inlines(node, depth: depth))]
        case "link": return [.link(destination: node.url, inlines(node, depth: depth))]
        case "image": return [.image(source: node.url, alt: node.plainText)]
        default: return [.text(node.plainText)]
        }
    }
}
