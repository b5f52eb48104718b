import CCmarkGFM

/// A read-only view of one cmark-gfm node; valid while its document is alive.
struct CMarkNode {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    /// cmark's type name: `paragraph`, `text`, and for the extensions `table`, `table_header`,
    /// `table_row`, `table_cell`, `strikethrough`, `tasklist`.
    var type: String { cmark_node_get_type_string(pointer).map { String(cString: $0) } ?? "" }

    var children: [CMarkNode] {
        var result: [CMarkNode] = []
        var child = cmark_node_first_child(pointer)
        while let current = child {
            result.append(CMarkNode(current))
            child = cmark_node_next(current)
        }
        return result
    }

    var literal: String { cmark_node_get_literal(pointer).map { String(cString: $0) } ?? "" }
    var url: String { cmark_node_get_url(pointer).map { String(cString: $0) } ?? "" }
    var fenceInfo: String { cmark_node_get_fence_info(pointer).map { String(cString: $0) } ?? "" }
    var headingLevel: Int { Int(cmark_node_get_heading_level(pointer)) }
    var isOrderedList: Bool { cmark_node_get_list_type(pointer) == CMARK_ORDERED_LIST }
    var listStart: Int { max(Int(cmark_node_get_list_start(pointer)), 0) }
    var isTableHeader: Bool { cmark_gfm_extensions_get_table_row_is_header(pointer) != 0 }

    /// A task list item's state: true when checked, false when not; nil for an ordinary item.
    var taskState: Bool? { type == "tasklist" ? cmark_gfm_extensions_get_tasklist_item_checked(pointer) : nil }

    /// Each column's alignment (GFM delimiter row).
    var tableAlignments: [TableBlock.Alignment] {
        let count = Int(cmark_gfm_extensions_get_table_columns(pointer))
        guard count > 0, let alignments = cmark_gfm_extensions_get_table_alignments(pointer) else { return [] }
        return (0..<count).map { column in
            switch alignments[column] {
            case UInt8(ascii: "l"): return .left
            case UInt8(ascii: "c"): return .center
            case UInt8(ascii: "r"): return .right
            default: return .none
            }
        }
    }

    /// The text of the node and everything inside it, collected without recursion (cmark's
    /// iterator), with line breaks for breaks and block ends.
    var plainText: String {
        guard let iterator = cmark_iter_new(pointer) else { return "" }
        defer { cmark_iter_free(iterator) }
        var text = ""
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let current = cmark_iter_get_node(iterator) else { continue }
            let node = CMarkNode(current)
            switch (event, node.type) {
            case (CMARK_EVENT_ENTER, "text"), (CMARK_EVENT_ENTER, "code"), (CMARK_EVENT_ENTER, "code_block"),
                (CMARK_EVENT_ENTER, "html_inline"), (CMARK_EVENT_ENTER, "html_block"):
                text += node.literal
            case (CMARK_EVENT_ENTER, "softbreak"), (CMARK_EVENT_ENTER, "linebreak"), (CMARK_EVENT_EXIT, "paragraph"):
                text += "\n"
            default: break
            }
        }
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
