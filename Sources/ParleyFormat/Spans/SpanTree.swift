import ParleyModel

/// Formatting spans over UTF-16 text, nested into a tree: spans inside a span become its
/// children, and a span that crosses another's end is split there (Telegram entities may overlap).
struct SpanTree {
    /// A node: a run of plain text, or a span with the nodes inside it.
    indirect enum Node {
        case text(Range<Int>)
        case span(FormatSpan.Kind, value: String?, range: Range<Int>, children: [Node])
    }

    struct Span {
        var kind: FormatSpan.Kind
        var value: String?
        var range: Range<Int>
    }

    let units: [UInt16]

    /// The nodes of the whole text.
    /// - Complexity: O(n + s²) for n code units and s spans (splitting inserts in order).
    func nodes(_ spans: [FormatSpan]) -> [Node] {
        let cleaned = spans.compactMap(clamped).sorted {
            ($0.range.lowerBound, -$0.range.upperBound) < ($1.range.lowerBound, -$1.range.upperBound)
        }
        return nodes(0..<units.count, cleaned, depth: 0)
    }

    /// Spans nested deeper than this are dropped (their text stays).
    static let maximumDepth = 32

    private func nodes(_ range: Range<Int>, _ spans: [Span], depth: Int) -> [Node] {
        var pending = depth < Self.maximumDepth ? spans : []
        var result: [Node] = []
        var cursor = range.lowerBound
        var index = 0
        while index < pending.count {
            let span = pending[index]
            if span.range.lowerBound > cursor { result.append(.text(cursor..<span.range.lowerBound)) }
            var children: [Span] = []
            var next = index + 1
            while next < pending.count, pending[next].range.lowerBound < span.range.upperBound {
                var child = pending[next]
                if child.range.upperBound > span.range.upperBound {
                    var remainder = child
                    remainder.range = span.range.upperBound..<child.range.upperBound
                    let position = pending[(next + 1)...].firstIndex { $0.range.lowerBound > remainder.range.lowerBound } ?? pending.count
                    pending.insert(remainder, at: position)
                    child.range = child.range.lowerBound..<span.range.upperBound
                }
                children.append(child)
                next += 1
            }
            result.append(.span(span.kind, value: span.value, range: span.range, children: nodes(span.range, children, depth: depth + 1)))
            cursor = span.range.upperBound
            index = next
        }
        if cursor < range.upperBound { result.append(.text(cursor..<range.upperBound)) }
        return result
    }

    /// The span limited to the text and moved off the middle of surrogate pairs; nil when empty.
    /// Any offset and length, `Int.min` and `Int.max` included, give a range inside the text.
    private func clamped(_ span: FormatSpan) -> Span? {
        var start = min(max(span.offset, 0), units.count)
        let (sum, overflow) = span.offset.addingReportingOverflow(max(span.length, 0))
        var end = min(max(overflow ? Int.max : sum, start), units.count)
        if start < units.count, start > 0, UTF16.isTrailSurrogate(units[start]) { start -= 1 }
        if end < units.count, end > 0, UTF16.isTrailSurrogate(units[end]) { end += 1 }
        return start < end ? Span(kind: span.kind, value: span.value, range: start..<end) : nil
    }

    /// The text of `range`.
    func string(_ range: Range<Int>) -> String { String(decoding: units[range], as: UTF16.self) }
}
