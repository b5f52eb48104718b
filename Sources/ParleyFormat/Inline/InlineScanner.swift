/// Parses the inline markup of one block of text into ``Inline`` nodes.
///
/// A left-to-right scan tries, at each position, the dialect's special constructs (escapes, code
/// spans, angle-bracket mentions, links) and then its emphasis delimiters in order; the first
/// that matches wins, as in DiscordChatExporter's matcher list. A delimiter pair takes the first
/// valid closer after it (a lazy `.+?`), and its content is scanned again, one level deeper.
/// Whatever matches nothing is literal text; `\n` becomes ``Inline/lineBreak``. After such a
/// character the scan passes over the run of characters at which no rule can start
/// (``Dialect/scanStops``).
///
/// - Complexity: O(n · d) for n characters and d nesting levels (capped at ``maximumDepth``):
///   the next valid closer of each delimiter is found through a table built once per text, so
///   unmatched markers never cause rescans.
struct InlineScanner {
    /// Nesting deeper than this is kept as literal text (DiscordChatExporter uses the same cap).
    static let maximumDepth = 32

    /// The character of each ASCII byte.
    static let asciiCharacters: [Character] = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }

    let chars: [Character]
    /// The text's UTF-8 bytes, and where each character starts in them (``chars``'s count + 1
    /// offsets, the last the byte count): literal runs and ``string(_:)`` copy bytes, not characters.
    let utf8: [UInt8]
    let offsets: [Int]
    let dialect: Dialect
    let delimiters: [Delimiter]
    /// ``Dialect/scanStops``: where a rule may match.
    let stops: ByteSet
    private var closerTables: [[Int]?]
    private var occurrenceTables: [Character: [Int]] = [:]
    private var codeRuns: CodeRuns?

    init(_ text: String, dialect: Dialect) {
        let utf8 = Array(text.utf8)
        var chars: [Character] = [], offsets: [Int] = []
        chars.reserveCapacity(utf8.count)
        offsets.reserveCapacity(utf8.count + 1)
        var offset = 0
        while offset < utf8.count {
            offsets.append(offset)
            let byte = utf8[offset]
            // An ASCII byte followed by another or by the end is a character of its own (but CR
            // before LF): no grapheme breaking is needed for it. Any other character is found by
            // the string's own breaking, from the boundary reached so far.
            if byte < 0x80, byte != 0x0D, offset + 1 == utf8.count || utf8[offset + 1] < 0x80 {
                chars.append(Self.asciiCharacters[Int(byte)])
                offset += 1
            } else {
                let start = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
                let end = text.index(after: start)
                chars.append(text[start])
                offset = text.utf8.distance(from: text.utf8.startIndex, to: end)
            }
        }
        offsets.append(offset)
        self.chars = chars
        self.utf8 = utf8
        self.offsets = offsets
        self.dialect = dialect
        self.delimiters = dialect.delimiters
        self.stops = dialect.scanStops
        self.closerTables = Array(repeating: nil, count: delimiters.count)
    }

    /// The inlines of the whole text.
    mutating func parse() -> [Inline] { parse(0..<chars.count, depth: 0) }

    /// The inlines of `range`, at nesting `depth`.
    mutating func parse(_ range: Range<Int>, depth: Int) -> [Inline] {
        var builder = InlineBuilder()
        var index = range.lowerBound
        while index < range.upperBound {
            if let (node, next) = special(at: index, in: range, depth: depth) ?? delimited(at: index, in: range, depth: depth) {
                builder.append(node)
                index = next
            } else {
                builder.append(chars[index])
                index += 1
                let run = index
                while index < range.upperBound, !isStop(at: index) { index += 1 }
                if run < index { builder.append(run: utf8[offsets[run]..<offsets[index]]) }
            }
        }
        return builder.finish()
    }

    /// Whether a rule may match at character `index`: it is one ASCII character of ``stops`` (a
    /// marker with a combining mark is a character of its own, which no rule's `==` matches; so
    /// is `\r\n`, which stands for `\n`).
    func isStop(at index: Int) -> Bool {
        let start = offsets[index]
        if offsets[index + 1] == start + 1 { return stops.contains(utf8[start]) }
        return chars[index].asciiValue.map(stops.contains) ?? false
    }

    /// A delimiter pair opening at `index`: its inline and the position after its closer.
    private mutating func delimited(at index: Int, in range: Range<Int>, depth: Int) -> (Inline, Int)? {
        guard depth < Self.maximumDepth else { return nil }
        for (number, delimiter) in delimiters.enumerated() where delimiter.opens(at: index, in: chars, range: range) {
            let contentStart = index + delimiter.marker.count
            var end = range.upperBound
            if delimiter.isSameLine { end = min(end, nextNewline(from: contentStart)) }
            guard let closer = firstCloser(number, from: contentStart + 1, end: end) else { continue }
            let children = parse(contentStart..<closer, depth: depth + 1)
            return (delimiter.style.wrap(children), closer + delimiter.marker.count)
        }
        return nil
    }

    /// The first valid closer of delimiter `number` at or after `start`, when the text ends at `end`.
    private mutating func firstCloser(_ number: Int, from start: Int, end: Int) -> Int? {
        let delimiter = delimiters[number]
        let length = delimiter.marker.count
        guard start + length <= end else { return nil }
        let table = closerTable(number)
        let candidate = table[start]
        if candidate + length < end { return candidate }
        let boundary = end - length
        return boundary >= start && delimiter.closes(at: boundary, in: chars, end: end) ? boundary : nil
    }

    /// For each position, the first position at or after it where delimiter `number` closes in the
    /// whole text (`chars.count` when none does).
    private mutating func closerTable(_ number: Int) -> [Int] {
        if let table = closerTables[number] { return table }
        var table = Array(repeating: chars.count, count: chars.count + 1)
        var position = chars.count - 1
        while position >= 1 {
            table[position] = delimiters[number].closes(at: position, in: chars, end: chars.count) ? position : table[position + 1]
            position -= 1
        }
        closerTables[number] = table
        return table
    }

    /// The position of the first `\n` at or after `start` (`chars.count` when none).
    mutating func nextNewline(from start: Int) -> Int { nextOccurrence(of: "\n", from: start) }

    /// The position of the first `target` at or after `start` (`chars.count` when none), from a
    /// table built once per character.
    mutating func nextOccurrence(of target: Character, from start: Int) -> Int {
        if occurrenceTables[target] == nil {
            var table = Array(repeating: chars.count, count: chars.count + 1)
            for position in stride(from: chars.count - 1, through: 0, by: -1) {
                table[position] = chars[position] == target ? position : table[position + 1]
            }
            occurrenceTables[target] = table
        }
        return occurrenceTables[target]![min(max(start, 0), chars.count)]
    }

    /// The backtick runs of the text, built on first use.
    mutating func backtickRuns() -> CodeRuns {
        if let codeRuns { return codeRuns }
        let runs = CodeRuns(chars)
        codeRuns = runs
        return runs
    }

    /// The text of `range`.
    func string(_ range: Range<Int>) -> String {
        String(decoding: utf8[offsets[range.lowerBound]..<offsets[range.upperBound]], as: UTF8.self)
    }

    /// True when the characters at `index` spell `literal`.
    func matches(_ literal: String, at index: Int, end: Int) -> Bool {
        var position = index
        for character in literal {
            guard position < end, chars[position] == character else { return false }
            position += 1
        }
        return true
    }
}
