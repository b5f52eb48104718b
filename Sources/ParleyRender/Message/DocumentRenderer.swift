import ParleyFormat
import ParleyHTML
import ParleyModel

/// Writes a ``FormatDocument`` as HTML through ``HTMLWriter``: one renderer for every flavor.
///
/// A document of one paragraph is written as its inlines alone (so a message that grows by
/// appended text keeps its old HTML as a prefix, which the live view streams as appended text).
/// Blocks: `p`, headings two levels below the page's (`#` → `h3`, with an `md-h1` class for
/// size), `p.subtext`, `blockquote`, `pre > code.language-…`, `ul` / `ol start`, GFM tables in a
/// scrolling `div`, `hr`. A document that is one paragraph of at most ``EmojiText/jumboLimit``
/// emoji is written as `p.emoji-only` (shown larger). A list item's first paragraph is written
/// inline (as a tight list). Inlines are in `DocumentRenderer+Inlines`.
/// - Complexity: O(size of the tree + bytes written).
struct DocumentRenderer {
    let context: RenderContext
    /// True while writing inside a link, where no other link may open.
    var insideLink = false

    init(context: RenderContext) { self.context = context }

    /// The document as a fragment.
    func render(_ document: FormatDocument) -> SafeHTML {
        var writer = HTMLWriter(capacity: 256)
        var renderer = self
        let count = document.emojiOnlyCount { emojiSource($0) != nil }
        if let count, count <= EmojiText.jumboLimit, case let .paragraph(inlines) = document.blocks[0] {
            writer.open("p", [("class", .text("emoji-only"))])
            renderer.write(inlines, into: &writer)
            writer.close("p")
        } else if document.blocks.count == 1, case let .paragraph(inlines) = document.blocks[0] {
            renderer.write(inlines, into: &writer)
        } else {
            renderer.write(document.blocks, into: &writer)
        }
        return writer.fragment
    }

    mutating func write(_ blocks: [Block], into writer: inout HTMLWriter) {
        for block in blocks { write(block, into: &writer) }
    }

    private mutating func write(_ block: Block, into writer: inout HTMLWriter) {
        switch block {
        case let .paragraph(inlines):
            wrap("p", [], inlines, into: &writer)
        case let .heading(level, inlines):
            let sizeClass: [(StaticString, AttributeValue?)] = [("class", .text("md-h\(min(max(level, 1), 6))"))]
            switch level {
            case ...1: wrap("h3", sizeClass, inlines, into: &writer)
            case 2: wrap("h4", sizeClass, inlines, into: &writer)
            case 3: wrap("h5", sizeClass, inlines, into: &writer)
            default: wrap("h6", sizeClass, inlines, into: &writer)
            }
        case let .subtext(inlines):
            wrap("p", [("class", .text("subtext"))], inlines, into: &writer)
        case let .quote(blocks):
            writer.open("blockquote")
            write(blocks, into: &writer)
            writer.close("blockquote")
        case let .codeBlock(language, code):
            writer.open("pre", [("class", .text("code-block"))])
            writer.open("code", [("class", language.flatMap(Self.languageClass).map { .text($0) })])
            writer.text(code)
            writer.close("code")
            writer.close("pre")
        case let .list(list): write(list, into: &writer)
        case let .table(table): write(table, into: &writer)
        case .thematicBreak: writer.open("hr")
        }
    }

    private mutating func write(_ list: ListBlock, into writer: inout HTMLWriter) {
        let start: AttributeValue? = list.isOrdered && list.start != 1 ? .text(String(list.start)) : nil
        if list.isOrdered { writer.open("ol", [("start", start)]) } else { writer.open("ul") }
        for item in list.items {
            writer.open("li", [("class", item.task == nil ? nil : .text("task"))])
            if let done = item.task {
                writer.open(
                    "input", [("type", .text("checkbox")), ("disabled", .text("disabled")), ("checked", done ? .text("checked") : nil)])
            }
            if case let .paragraph(inlines) = item.blocks.first {
                write(inlines, into: &writer)
                write(Array(item.blocks.dropFirst()), into: &writer)
            } else {
                write(item.blocks, into: &writer)
            }
            writer.close("li")
        }
        writer.close(list.isOrdered ? "ol" : "ul")
    }

    private mutating func write(_ table: TableBlock, into writer: inout HTMLWriter) {
        writer.open("div", [("class", .text("table-scroll"))])
        writer.open("table", [("class", .text("md-table"))])
        if !table.header.isEmpty {
            writer.open("thead")
            row(table.header, cell: "th", alignments: table.alignments, into: &writer)
            writer.close("thead")
        }
        writer.open("tbody")
        for cells in table.rows { row(cells, cell: "td", alignments: table.alignments, into: &writer) }
        writer.close("tbody")
        writer.close("table")
        writer.close("div")
    }

    private mutating func row(_ cells: [[Inline]], cell: StaticString, alignments: [TableBlock.Alignment], into writer: inout HTMLWriter) {
        writer.open("tr")
        for (column, inlines) in cells.enumerated() {
            let alignment = column < alignments.count ? alignments[column] : .none
            wrap(cell, [("class", alignment == .none ? nil : .text("align-\(alignment.rawValue)"))], inlines, into: &writer)
        }
        writer.close("tr")
    }

    private mutating func wrap(
        _ name: StaticString, _ attributes: [(StaticString, AttributeValue?)], _ inlines: [Inline], into writer: inout HTMLWriter
    ) {
        writer.open(name, attributes)
        write(inlines, into: &writer)
        writer.close(name)
    }

    /// `language-swift` for a fence's info word of letters, digits and `_ + # . -` (up to 32), else nil.
    static func languageClass(_ language: String) -> String? {
        guard (1...32).contains(language.count), language.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_+#.-".contains($0)) })
        else { return nil }
        return "language-" + language.lowercased()
    }
}
