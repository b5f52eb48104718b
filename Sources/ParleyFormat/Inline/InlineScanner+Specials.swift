/// Special constructs shared by several dialects: escapes, code spans, autolinks.
extension InlineScanner {
    /// The dialect's special construct at `index`, if one starts there.
    mutating func special(at index: Int, in range: Range<Int>, depth: Int) -> (Inline, Int)? {
        switch dialect {
        case .plain: return autolink(at: index, in: range)
        case .discord: return discordSpecial(at: index, in: range, depth: depth)
        case .slack: return slackSpecial(at: index, in: range)
        case .whatsapp: return whatsAppSpecial(at: index, in: range)
        }
    }

    /// `\*`: an ASCII punctuation character taken literally.
    func escape(at index: Int, in range: Range<Int>) -> (Inline, Int)? {
        guard codes[index] == UInt8(ascii: "\\"), index + 1 < range.upperBound else { return nil }
        let next = character(index + 1)
        guard next.isASCII, next.isPunctuation || next.isSymbol else { return nil }
        return (.text(String(next)), index + 2)
    }

    /// A code span: a run of n backticks up to the next run of exactly n. A run without a closer
    /// is literal text. One space on each side is stripped when both are there (CommonMark).
    mutating func codeSpan(at index: Int, in range: Range<Int>) -> (Inline, Int)? {
        let runs = backtickRuns()
        let length = runs.length(at: index)
        guard length > 0 else { return nil }
        guard let closer = runs.closer(of: index), closer + length <= range.upperBound, closer > index + length else {
            return (.text(String(repeating: "`", count: length)), index + length)
        }
        var content = string((index + length)..<closer)
        if content.count >= 2, content.first == " ", content.last == " ", content.contains(where: { $0 != " " }) {
            content = String(content.dropFirst().dropLast())
        }
        return (.code(content), closer + length)
    }

    /// A bare `http://` or `https://` URL. It runs to the next space, `<`, `>` or `"`, without
    /// trailing punctuation and without a `)` that closes no `(` inside the URL.
    func autolink(at index: Int, in range: Range<Int>) -> (Inline, Int)? {
        guard codes[index] | 0x20 == UInt8(ascii: "h") else { return nil }
        let schemeLength: Int
        if matchesCaseInsensitive("https://", at: index, end: range.upperBound) {
            schemeLength = 8
        } else if matchesCaseInsensitive("http://", at: index, end: range.upperBound) {
            schemeLength = 7
        } else {
            return nil
        }
        if index > range.lowerBound, isAlphanumeric(index - 1) { return nil }
        var end = index + schemeLength
        while end < range.upperBound, !endsURL(at: end) { end += 1 }
        end = Self.trimmedURLEnd(codes, start: index, end: end)
        guard end > index + schemeLength else { return nil }
        let url = string(index..<end)
        return (.link(destination: url, [.text(url)]), end)
    }

    /// Whether character `index` ends a bare URL: whitespace, `<`, `>` or `"`. A one-byte character
    /// is tested on its byte (whitespace there is tab to carriage return and space); only a longer
    /// one (CR LF, U+00A0, a letter with a mark) is asked for its properties, and none of those is
    /// one of the three markers.
    func endsURL(at index: Int) -> Bool {
        switch codes[index] {
        case Self.wide: return isWhitespace(index)
        case 0x09...0x0D, 0x20, UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""): return true
        default: return false
        }
    }

    /// What a URL does not end with: `.,;:!?'"*_~|`.
    static let trailingPunctuation = ByteSet(".,;:!?'\"*_~|")

    /// The end of a URL without trailing punctuation and unbalanced closing parentheses.
    static func trimmedURLEnd(_ codes: [UInt8], start: Int, end: Int) -> Int {
        var end = end
        var opened = 0, closed = 0
        for position in start..<end {
            if codes[position] == UInt8(ascii: "(") { opened += 1 } else if codes[position] == UInt8(ascii: ")") { closed += 1 }
        }
        while end > start {
            let last = codes[end - 1]
            if trailingPunctuation.contains(last) {
                end -= 1
            } else if last == UInt8(ascii: ")"), closed > opened {
                closed -= 1
                end -= 1
            } else {
                break
            }
        }
        return end
    }

    /// True when the characters at `index` spell `literal` (lower case ASCII) in any case. No
    /// character other than an ASCII letter lowers to one of a URL scheme's letters.
    func matchesCaseInsensitive(_ literal: StaticString, at index: Int, end: Int) -> Bool {
        literal.withUTF8Buffer { bytes in
            guard index + bytes.count <= end else { return false }
            for (offset, byte) in bytes.enumerated() {
                let code = codes[index + offset]
                guard (0x41...0x5A).contains(code) ? code | 0x20 == byte : code == byte else { return false }
            }
            return true
        }
    }

    /// The position of `target` at or after `start` and before `end`, at most `limit` characters
    /// on, and (when `stopAtNewline`) on the same line; nil when there is none.
    /// - Complexity: O(1) after the first call for `target`.
    mutating func find(_ target: UInt8, from start: Int, end: Int, limit: Int = 2000, stopAtNewline: Bool = true) -> Int? {
        let position = nextOccurrence(of: target, from: start)
        guard position < end, position - start < limit else { return nil }
        if stopAtNewline, nextNewline(from: start) < position { return nil }
        return position
    }
}
