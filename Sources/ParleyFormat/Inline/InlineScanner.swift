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
/// Positions count characters (grapheme clusters), as the rules do, but the scan reads each as a
/// byte: its ASCII value when it is one ASCII byte, else ``wide`` (every marker a rule looks for
/// is one ASCII character, so a wide character matches none); a character is made only to ask
/// a wide one for its properties (whitespace, letter) or to write it.
///
/// - Complexity: O(n · d) for n characters and d nesting levels (capped at ``maximumDepth``):
///   the next valid closer of each delimiter is found through a table built once per text, so
///   unmatched markers never cause rescans.
struct InlineScanner {
    /// Nesting deeper than this is kept as literal text (DiscordChatExporter uses the same cap).
    static let maximumDepth = 32

    /// The character of each ASCII byte.
    static let asciiCharacters: [Character] = (0..<128).map { Character(Unicode.Scalar(UInt8($0))) }

    /// The code of a character that is not one ASCII byte: a letter with a mark, CR LF, anything
    /// not ASCII.
    static let wide: UInt8 = 0x80

    /// Each character's code: its byte when it is one ASCII byte, else ``wide``.
    let codes: [UInt8]
    /// The text's UTF-8 bytes, and where each character starts in them (``codes``'s count + 1
    /// offsets, the last the byte count): literal runs and ``string(_:)`` copy bytes, not characters.
    let utf8: [UInt8]
    let offsets: [Int]
    let dialect: Dialect
    let delimiters: [Delimiter]
    /// ``Dialect/scanStops``: where a rule may match.
    let stops: ByteSet
    private var closerTables: [[Int]?]
    private var occurrenceTables: [UInt8: [Int]] = [:]
    private var codeRuns: CodeRuns?

    init(_ text: String, dialect: Dialect) {
        let utf8 = Array(text.utf8)
        var codes: [UInt8] = [], offsets: [Int] = []
        codes.reserveCapacity(utf8.count)
        offsets.reserveCapacity(utf8.count + 1)
        var offset = 0
        while offset < utf8.count {
            offsets.append(offset)
            let byte = utf8[offset]
            // An ASCII byte followed by another or by the end is a character of its own (but CR
            // before LF): no grapheme breaking is needed for it. Any other character is found by
            // the string's own breaking, from the boundary reached so far.
            if byte < 0x80, byte != 0x0D, offset + 1 == utf8.count || utf8[offset + 1] < 0x80 {
                codes.append(byte)
                offset += 1
            } else {
                let start = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
                let end = text.utf8.distance(from: text.utf8.startIndex, to: text.index(after: start))
                codes.append(byte < 0x80 && end == offset + 1 ? byte : Self.wide)
                offset = end
            }
        }
        offsets.append(offset)
        self.codes = codes
        self.utf8 = utf8
        self.offsets = offsets
        self.dialect = dialect
        self.delimiters = dialect.delimiters
        self.stops = dialect.scanStops
        self.closerTables = Array(repeating: nil, count: delimiters.count)
    }

    /// The number of characters.
    var count: Int { codes.count }

    /// The character at `index`.
    func character(_ index: Int) -> Character {
        let code = codes[index]
        if code < 0x80 { return Self.asciiCharacters[Int(code)] }
        return Character(String(decoding: utf8[offsets[index]..<offsets[index + 1]], as: UTF8.self))
    }

    /// Whether the character at `index` is whitespace (`Character.isWhitespace`; an ASCII one is
    /// tab to carriage return or space).
    func isWhitespace(_ index: Int) -> Bool {
        let code = codes[index]
        if code < 0x80 { return code == 0x20 || (0x09...0x0D).contains(code) }
        return character(index).isWhitespace
    }

    /// Whether the character at `index` is a letter or a digit (``CharacterClass/isAlphanumeric(_:)``).
    func isAlphanumeric(_ index: Int) -> Bool {
        let code = codes[index]
        if code < 0x80 { return (0x30...0x39).contains(code) || (0x61...0x7A).contains(code | 0x20) }
        return CharacterClass.isAlphanumeric(character(index))
    }

    /// Whether the character at `index` is a letter, a digit or `_` (``CharacterClass/isWord(_:)``).
    func isWord(_ index: Int) -> Bool { codes[index] == UInt8(ascii: "_") || isAlphanumeric(index) }

    /// The inlines of the whole text.
    mutating func parse() -> [Inline] { parse(0..<count, depth: 0) }

    /// The inlines of `range`, at nesting `depth`.
    mutating func parse(_ range: Range<Int>, depth: Int) -> [Inline] {
        var builder = InlineBuilder()
        var index = range.lowerBound
        while index < range.upperBound {
            if let (node, next) = special(at: index, in: range, depth: depth) ?? delimited(at: index, in: range, depth: depth) {
                builder.append(node)
                index = next
            } else {
                builder.append(character(index))
                index += 1
                let run = index
                while index < range.upperBound, !isStop(at: index) { index += 1 }
                if run < index { builder.append(run: utf8[offsets[run]..<offsets[index]]) }
            }
        }
        return builder.finish()
    }

    /// Whether a rule may match at character `index`: it is one ASCII character of ``stops`` (a
    /// marker with a combining mark is a character of its own, which no rule matches), or `\r\n`,
    /// which stands for `\n` (as its `asciiValue` does).
    func isStop(at index: Int) -> Bool {
        let code = codes[index]
        if code < 0x80 { return stops.contains(code) }
        let start = offsets[index]
        return offsets[index + 1] == start + 2 && utf8[start] == 0x0D && utf8[start + 1] == 0x0A && stops.contains(0x0A)
    }

    /// A delimiter pair opening at `index`: its inline and the position after its closer.
    private mutating func delimited(at index: Int, in range: Range<Int>, depth: Int) -> (Inline, Int)? {
        guard depth < Self.maximumDepth else { return nil }
        for (number, delimiter) in delimiters.enumerated() where delimiter.opens(at: index, in: self, range: range) {
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
        return boundary >= start && delimiter.closes(at: boundary, in: self, end: end) ? boundary : nil
    }

    /// For each position, the first position at or after it where delimiter `number` closes in the
    /// whole text (`count` when none does).
    private mutating func closerTable(_ number: Int) -> [Int] {
        if let table = closerTables[number] { return table }
        var table = Array(repeating: count, count: count + 1)
        var position = count - 1
        while position >= 1 {
            table[position] = delimiters[number].closes(at: position, in: self, end: count) ? position : table[position + 1]
            position -= 1
        }
        closerTables[number] = table
        return table
    }

    /// The position of the first `\n` at or after `start` (`count` when none).
    mutating func nextNewline(from start: Int) -> Int { nextOccurrence(of: UInt8(ascii: "\n"), from: start) }

    /// The position of the first character `target` (one ASCII byte) at or after `start` (`count`
    /// when none), from a table built once per character.
    mutating func nextOccurrence(of target: UInt8, from start: Int) -> Int {
        if occurrenceTables[target] == nil {
            var table = Array(repeating: count, count: count + 1)
            for position in stride(from: count - 1, through: 0, by: -1) {
                table[position] = codes[position] == target ? position : table[position + 1]
            }
            occurrenceTables[target] = table
        }
        return occurrenceTables[target]![min(max(start, 0), count)]
    }

    /// The backtick runs of the text, built on first use.
    mutating func backtickRuns() -> CodeRuns {
        if let codeRuns { return codeRuns }
        let runs = CodeRuns(codes)
        codeRuns = runs
        return runs
    }

    /// The text of `range`.
    func string(_ range: Range<Int>) -> String {
        String(decoding: utf8[offsets[range.lowerBound]..<offsets[range.upperBound]], as: UTF8.self)
    }

    /// True when the characters at `index` spell `literal` (ASCII).
    func matches(_ literal: String, at index: Int, end: Int) -> Bool {
        var position = index
        for byte in literal.utf8 {
            guard position < end, codes[position] == byte else { return false }
            position += 1
        }
        return true
    }
}
