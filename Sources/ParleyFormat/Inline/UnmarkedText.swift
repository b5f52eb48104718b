/// The parsers' fast path: text in which no rule of a dialect can match.
///
/// Every special construct and delimiter of a dialect starts with one of a few ASCII characters,
/// and a bare link holds `:`. A text with none of them scans to its lines as text, separated by
/// ``Inline/lineBreak``, which is built here from the UTF-8 bytes without splitting the text into
/// characters. The check is on bytes, so a marker inside a grapheme cluster (`*` and a combining
/// mark) still goes to the full parsers; so does a carriage return. Results equal the full parsers'.
/// - Complexity: O(n) in the text's UTF-8 length.
enum UnmarkedText {
    /// The blocks of `text` when it holds no inline or line-start markup of `dialect` (and no
    /// line starts with a digit, as a numbered list item would), else nil: one paragraph of its
    /// lines without leading and trailing blank lines, or no block when every line is blank.
    static func blocks(_ text: String, dialect: Dialect) -> [Block]? {
        let mask = blockMarkers(dialect)
        var text = text
        return text.withUTF8 { bytes -> [Block]? in
            var lines: [Range<Int>] = []
            var lineStart = 0
            for (index, byte) in bytes.enumerated() where byte < 0x80 {
                if byte == 0x0A {
                    lines.append(lineStart..<index)
                    lineStart = index + 1
                } else if mask.contains(byte) || (byte >= 0x30 && byte <= 0x39 && bytes[lineStart..<index].allSatisfy { $0 == 0x20 }) {
                    return nil
                }
            }
            lines.append(lineStart..<bytes.count)
            guard let span = nonBlankSpan(lines, of: bytes) else { return [] }
            return [.paragraph(inlines(UnsafeBufferPointer(rebasing: bytes[span])))]
        }
    }

    /// The bytes from the start of the first of `lines` that is not blank (``isBlank(_:)``) to
    /// the end of the last; nil when every line is blank. A paragraph drops its blank lines at
    /// both ends and keeps those inside.
    /// - Complexity: O(n) in the bytes of the lines.
    static func nonBlankSpan(_ lines: [Range<Int>], of bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        let blank = { (line: Range<Int>) in isBlank(UnsafeBufferPointer(rebasing: bytes[line])) }
        guard let first = lines.firstIndex(where: { !blank($0) }), let last = lines.lastIndex(where: { !blank($0) }) else { return nil }
        return lines[first].lowerBound..<lines[last].upperBound
    }

    /// The inlines of `text` when it holds no markup of `dialect`, else nil.
    static func inlines(_ text: String, dialect: Dialect) -> [Inline]? {
        let mask = markers(dialect)
        var text = text
        return text.withUTF8 { bytes in bytes.contains(where: mask.contains) ? nil : inlines(bytes) }
    }

    /// The lines of unmarked UTF-8 text as text inlines separated by line breaks.
    private static func inlines(_ bytes: UnsafeBufferPointer<UInt8>) -> [Inline] {
        var inlines: [Inline] = []
        var start = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            if start < index { inlines.append(.text(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self))) }
            inlines.append(.lineBreak)
            start = index + 1
        }
        if start < bytes.count { inlines.append(.text(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))) }
        return inlines
    }

    /// Whether a line (no line break or carriage return in it) is only whitespace characters. An
    /// ASCII byte other than space, tab, VT and FF makes its character no whitespace (it starts it,
    /// or follows a prepended mark, which is none), so only a line of such bytes and others outside
    /// ASCII is read as characters.
    static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var ascii = true
        for byte in line {
            if byte >= 0x80 {
                ascii = false
            } else if byte != 0x20, byte != 0x09, byte != 0x0B, byte != 0x0C {
                return false
            }
        }
        return ascii || String(decoding: line, as: UTF8.self).allSatisfy(\.isWhitespace)
    }

    /// The ASCII characters that may start an inline construct of `dialect` (`:` for bare
    /// links), and CR.
    static func markers(_ dialect: Dialect) -> ByteSet {
        switch dialect {
        case .plain: return ByteSet(":\r")
        case .discord: return ByteSet(":\r\\`<[@*_~|")
        case .slack: return ByteSet(":\r`<&*_~")
        case .whatsapp: return ByteSet(":\r`*_~")
        }
    }

    /// ``markers(_:)`` and the characters of quotes, fences, headings, subtext and list items.
    static func blockMarkers(_ dialect: Dialect) -> ByteSet {
        switch dialect {
        case .plain: return ByteSet(":\r")
        case .discord: return ByteSet(":\r\\`<[@*_~|>#-")
        case .slack: return ByteSet(":\r`<&*_~>")
        case .whatsapp: return ByteSet(":\r`*_~>-")
        }
    }
}
