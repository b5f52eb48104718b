/// A pair of emphasis markers (`**`, `_`, `~~`, `||`) and the rules for where they may open and close.
struct Delimiter: Sendable {
    /// The inline a matched pair becomes.
    enum Style: Sendable {
        case strong, emphasis, underline, strikethrough, spoiler

        func wrap(_ children: [Inline]) -> Inline {
            switch self {
            case .strong: return .strong(children)
            case .emphasis: return .emphasis(children)
            case .underline: return .underline(children)
            case .strikethrough: return .strikethrough(children)
            case .spoiler: return .spoiler(children)
            }
        }
    }

    /// Where a marker may stand, after DiscordChatExporter's expressions for Discord and the
    /// word-boundary rule Slack and WhatsApp document.
    enum Flank: Sendable {
        /// `**x**`, `__x__`: the closer is not followed by a third marker character (this ASCII byte).
        case discordDouble(UInt8)
        /// `*x*`: opens before a non-space, closes after a character that is neither space nor `*`,
        /// and not before another `*`.
        case discordStar
        /// `_x_`: opens after a non-word character, closes before one.
        case discordUnderscore
        /// `~~x~~`, `||x||`: anywhere.
        case anywhere
        /// Slack and WhatsApp: opens after a non-alphanumeric character and before a non-space,
        /// closes after a non-space and before a non-alphanumeric character, on the same line.
        case wordBounded
    }

    /// The marker's characters, each one ASCII byte.
    let marker: [UInt8]
    let style: Style
    let flank: Flank

    init(marker: StaticString, style: Style, flank: Flank) {
        self.marker = marker.withUTF8Buffer { Array($0) }
        self.style = style
        self.flank = flank
    }

    /// True when the pair may not span a line break.
    var isSameLine: Bool { if case .wordBounded = flank { return true } else { return false } }

    /// Whether the marker at `index` may open a pair inside `range` of `text`.
    func opens(at index: Int, in text: borrowing InlineScanner, range: Range<Int>) -> Bool {
        guard hasMarker(at: index, in: text, end: range.upperBound), index + marker.count < range.upperBound else { return false }
        let next = index + marker.count
        let hasPrevious = index > range.lowerBound
        switch flank {
        case .discordDouble, .anywhere: return true
        case .discordStar: return !text.isWhitespace(next)
        case .discordUnderscore: return !text.isWhitespace(next) && !(hasPrevious && text.isWord(index - 1))
        case .wordBounded: return !text.isWhitespace(next) && !(hasPrevious && text.isAlphanumeric(index - 1))
        }
    }

    /// Whether the marker at `index` (at least 1: a closer follows content) may close a pair in
    /// `text`, when it ends at `end`.
    func closes(at index: Int, in text: borrowing InlineScanner, end: Int) -> Bool {
        guard hasMarker(at: index, in: text, end: end) else { return false }
        let next = index + marker.count
        let hasNext = next < end
        let previous = index - 1
        switch flank {
        case let .discordDouble(byte): return !hasNext || text.codes[next] != byte
        case .discordStar:
            return !(hasNext && text.codes[next] == UInt8(ascii: "*")) && !text.isWhitespace(previous)
                && text.codes[previous] != UInt8(ascii: "*")
        case .discordUnderscore: return !text.isWhitespace(previous) && !(hasNext && text.isWord(next))
        case .anywhere: return true
        case .wordBounded: return !text.isWhitespace(previous) && !(hasNext && text.isAlphanumeric(next))
        }
    }

    private func hasMarker(at index: Int, in text: borrowing InlineScanner, end: Int) -> Bool {
        guard index + marker.count <= end else { return false }
        for offset in 0..<marker.count where text.codes[index + offset] != marker[offset] { return false }
        return true
    }
}

/// Character classes the inline rules use.
enum CharacterClass {
    /// A letter, a digit or `_` (a regular expression's `\w`).
    static func isWord(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }

    /// A letter or a digit.
    static func isAlphanumeric(_ character: Character) -> Bool { character.isLetter || character.isNumber }

    /// An ASCII digit.
    static func isDigit(_ character: Character) -> Bool { character.isASCII && character.isNumber }
}
