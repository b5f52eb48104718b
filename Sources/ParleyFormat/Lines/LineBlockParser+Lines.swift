/// The line-start constructs: quotes, headings, subtext and list items.
extension LineBlockParser {
    /// The quote starting at `line`: its content with the markers removed, and the text after it.
    func quoteBody(of line: Substring, rest: Substring) -> (body: String, rest: Substring)? {
        if dialect == .discord, line.hasPrefix(">>> ") { return (String(rest.dropFirst(4)), rest[rest.endIndex...]) }
        if dialect == .discord, line == ">>>" { return (String(rest.dropFirst(4)), rest[rest.endIndex...]) }
        guard quotePrefix(of: line) != nil else { return nil }
        var lines: [Substring] = []
        var remaining = rest
        while !remaining.isEmpty {
            let end = remaining.firstIndex(of: "\n") ?? remaining.endIndex
            let current = remaining[..<end]
            guard let prefix = quotePrefix(of: current) else { break }
            lines.append(current.dropFirst(prefix))
            remaining = end < remaining.endIndex ? remaining[remaining.index(after: end)...] : remaining[end...]
        }
        return (lines.joined(separator: "\n"), remaining)
    }

    /// The length of the quote marker that starts `line`, if any.
    private func quotePrefix(of line: Substring) -> Int? {
        let prefixes: [String]
        switch dialect {
        case .discord, .whatsapp: prefixes = ["> "]
        case .slack: prefixes = ["&gt; ", "&gt;", "> ", ">"]
        case .plain: prefixes = []
        }
        return prefixes.first { line.hasPrefix($0) }?.count
    }

    /// A Discord heading (`#`, `##`, `###` and a space) or subtext line (`-# `).
    func lineBlock(_ line: Substring) -> Block? {
        guard dialect == .discord else { return nil }
        if line.hasPrefix("-# ") {
            let content = line.dropFirst(3)
            return content.isBlank ? nil : .subtext(inlines(String(content)))
        }
        let hashes = line.prefix { $0 == "#" }.count
        guard (1...3).contains(hashes), line.dropFirst(hashes).first == " " else { return nil }
        let content = line.dropFirst(hashes + 1)
        return content.isBlank ? nil : .heading(level: hashes, inlines(String(content)))
    }

    /// A list item line: indentation, `-`, `*` or `N.`, a space, then text.
    func listItem(_ line: Substring) -> ListLine? {
        guard dialect == .discord || dialect == .whatsapp else { return nil }
        let indent = line.prefix { $0 == " " }.count
        var rest = line.dropFirst(indent)
        var number: Int?
        if rest.first == "-" || rest.first == "*" {
            rest = rest.dropFirst()
        } else {
            let digits = rest.prefix(while: CharacterClass.isDigit)
            guard (1...9).contains(digits.count), rest.dropFirst(digits.count).first == "." else { return nil }
            number = Int(digits)
            rest = rest.dropFirst(digits.count + 1)
        }
        guard rest.first == " " else { return nil }
        let content = rest.dropFirst()
        guard !content.isBlank else { return nil }
        return ListLine(indent: indent, number: number, content: String(content))
    }
}

/// One list item line, before lines are nested into lists.
struct ListLine {
    var indent: Int
    /// The item's number in a numbered list; nil for a bullet.
    var number: Int?
    var content: String

    /// Nests consecutive item lines into lists by indentation: a deeper line starts a list inside
    /// the previous item; a change between bullets and numbers starts a new list.
    static func lists(_ lines: [ListLine], inlines: (String) -> [Inline]) -> [Block] {
        var blocks: [Block] = []
        var index = 0
        while index < lines.count { blocks.append(.list(list(lines, from: &index, inlines: inlines))) }
        return blocks
    }

    private static func list(_ lines: [ListLine], from index: inout Int, inlines: (String) -> [Inline]) -> ListBlock {
        let first = lines[index]
        var items: [ListItem] = []
        while index < lines.count {
            let line = lines[index]
            if line.indent > first.indent, !items.isEmpty {
                items[items.count - 1].blocks.append(.list(list(lines, from: &index, inlines: inlines)))
                continue
            }
            guard line.indent == first.indent || items.isEmpty, (line.number == nil) == (first.number == nil) else { break }
            guard line.indent >= first.indent else { break }
            items.append(ListItem(blocks: [.paragraph(inlines(line.content))]))
            index += 1
        }
        return ListBlock(isOrdered: first.number != nil, start: first.number ?? 1, items: items)
    }
}
