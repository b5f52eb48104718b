/// A GFM table: a header row, body rows and each column's alignment.
public struct TableBlock: Hashable, Sendable {
    /// How a column's cells are aligned (GFM's `:--`, `:-:`, `--:` delimiter row).
    public enum Alignment: String, Hashable, Sendable {
        case none, left, center, right
    }

    /// Each column's alignment, left to right.
    public var alignments: [Alignment]
    /// The header cells, one per column.
    public var header: [[Inline]]
    /// Body rows; each row has one cell per column (cmark pads short rows).
    public var rows: [[[Inline]]]

    /// A table of a header row and body rows, each a list of cells of inlines.
    public init(alignments: [Alignment], header: [[Inline]], rows: [[[Inline]]]) {
        self.alignments = alignments
        self.header = header
        self.rows = rows
    }
}
