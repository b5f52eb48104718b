/// Splits text into blocks line by line — fenced code, quotes, headings, subtext, lists and
/// paragraphs — for the dialects whose block syntax is line-based (Discord, Slack, WhatsApp).
///
/// A fence (```` ``` ````) may open anywhere on a line and close anywhere later; text before and
/// after it on its lines stays text. Consecutive quote lines form one quote whose content is
/// parsed again (quotes do not nest); Discord's `>>> ` quotes the rest of the message. Every
/// other run of lines is one paragraph, its lines joined by line breaks.
/// - Complexity: O(n) in the text's length, plus the inline scan of each paragraph.
struct LineBlockParser {
    let dialect: Dialect

    /// The blocks of `text` (CR LF and CR are read as LF).
    func parse(_ text: String) -> [Block] {
        if let blocks = UnmarkedText.blocks(text, dialect: dialect) ?? paragraphOnly(text) { return blocks }
        let normalized = text.utf8.contains(0x0D) ? text.replacingCRLF() : text
        return parse(Substring(normalized), allowQuotes: true)
    }

    func parse(_ text: Substring, allowQuotes: Bool) -> [Block] {
        var blocks: [Block] = []
        var paragraph: [Substring] = []
        var listLines: [ListLine] = []
        var rest = text
        func flushParagraph() {
            while let first = paragraph.first, first.isBlank { paragraph.removeFirst() }
            while let last = paragraph.last, last.isBlank { paragraph.removeLast() }
            if !paragraph.isEmpty { blocks.append(.paragraph(inlines(paragraph.joined(separator: "\n")))) }
            paragraph = []
        }
        func flushList() {
            if !listLines.isEmpty { blocks.append(contentsOf: ListLine.lists(listLines, inlines: inlines)) }
            listLines = []
        }
        while !rest.isEmpty {
            // A line feed is a character of its own (grapheme clusters break around it), so its
            // byte is found without walking the characters.
            let lineEnd = rest.utf8.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
            let line = rest[..<lineEnd]
            let afterLine = lineEnd < rest.endIndex ? rest[rest.index(after: lineEnd)...] : rest[rest.endIndex...]
            if allowQuotes, let quoted = quoteBody(of: line, rest: rest) {
                flushParagraph()
                flushList()
                blocks.append(.quote(parse(Substring(quoted.body), allowQuotes: false)))
                rest = quoted.rest
                continue
            }
            if let fence = Fence.find(in: rest, lineEnd: lineEnd, dialect: dialect) {
                let before = rest[..<fence.opening]
                if !before.isBlank { paragraph.append(before) }
                flushParagraph()
                flushList()
                blocks.append(.codeBlock(language: fence.language, code: fence.code))
                rest = fence.rest.first == "\n" ? fence.rest.dropFirst() : fence.rest
                continue
            }
            if let block = lineBlock(line) {
                flushParagraph()
                flushList()
                blocks.append(block)
            } else if let item = listItem(line) {
                flushParagraph()
                listLines.append(item)
            } else {
                flushList()
                paragraph.append(line)
            }
            rest = afterLine
        }
        flushParagraph()
        flushList()
        return blocks
    }

    /// The inlines of one paragraph's text.
    func inlines(_ text: String) -> [Inline] {
        if let unmarked = UnmarkedText.inlines(text, dialect: dialect) { return unmarked }
        var scanner = InlineScanner(text, dialect: dialect)
        return scanner.parse()
    }
}

extension Substring {
    /// Whether every character is whitespace (`Character.isWhitespace`). A text that starts with
    /// a printable ASCII byte is answered from it: the character it starts is not whitespace,
    /// whether it is that byte alone or that byte with marks.
    var isBlank: Bool {
        if let first = utf8.first, (0x21...0x7E).contains(first) { return false }
        return allSatisfy(\.isWhitespace)
    }
}

extension String {
    /// The string with CR LF and lone CR read as LF.
    func replacingCRLF() -> String {
        var result = String.UnicodeScalarView()
        var afterCR = false
        for scalar in unicodeScalars {
            defer { afterCR = scalar == "\r" }
            if scalar == "\r" {
                result.append("\n")
            } else if scalar != "\n" || !afterCR {
                result.append(scalar)
            }
        }
        return String(result)
    }
}
