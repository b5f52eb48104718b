/// A fenced code block (```` ``` ````) found while splitting lines.
struct Fence {
    /// Where the opening fence starts.
    var opening: Substring.Index
    /// The fence's info word (Discord only), e.g. `python`.
    var language: String?
    var code: String
    /// The text after the closing fence.
    var rest: Substring

    /// The fence that opens on the line ending at `lineEnd` and closes anywhere later, if any.
    ///
    /// Discord reads a first line that is one word (letters, digits, `_ + # . -`, up to 32) as the
    /// language. WhatsApp's single-line fences are monospace text, left to the inline scanner.
    /// Slack's fences hold entity-escaped text, decoded here. One leading and one trailing line
    /// break inside the fence are dropped.
    /// - Complexity: O(n): a failed search for a closer means no fence opens later either.
    static func find(in rest: Substring, lineEnd: Substring.Index, dialect: Dialect) -> Fence? {
        guard dialect != .plain, mayHoldMarker(rest[..<lineEnd]), let opening = rest[..<lineEnd].firstRange(of: "```"),
            mayHoldMarker(rest[opening.upperBound...]), let closing = rest[opening.upperBound...].firstRange(of: "```")
        else { return nil }
        var content = rest[opening.upperBound..<closing.lowerBound]
        if dialect == .whatsapp, !content.contains("\n") { return nil }
        var language: String?
        if dialect == .discord, let newline = content.firstIndex(of: "\n") {
            let word = content[..<newline]
            if (1...32).contains(word.count), word.allSatisfy({ $0.isASCII && (CharacterClass.isWord($0) || "+#.-".contains($0)) }) {
                language = String(word)
                content = content[content.index(after: newline)...]
            }
        }
        if content.first == "\n" { content = content.dropFirst() }
        if content.last == "\n" { content = content.dropLast() }
        let code = dialect == .slack ? SlackEntities.decode(String(content)) : String(content)
        return Fence(opening: opening.lowerBound, language: language, code: code, rest: rest[closing.upperBound...])
    }

    /// Whether `text`'s UTF-8 bytes hold three backticks in a row: only then can its characters
    /// spell the marker, so the search by characters (grapheme breaking) is left for such text.
    /// - Complexity: O(n) in the bytes, none decoded.
    static func mayHoldMarker(_ text: Substring) -> Bool {
        var run = 0
        for byte in text.utf8 {
            run = byte == 0x60 ? run + 1 : 0
            if run == 3 { return true }
        }
        return false
    }
}
