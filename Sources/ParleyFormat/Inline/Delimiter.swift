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
        /// `**x**`, `__x__`: the closer is not followed by a third marker character.
        case discordDouble(Character)
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

    let marker: [Character]
    let style: Style
    let flank: Flank

    init(marker: String, style: Style, flank: Flank) {
        self.marker = Array(marker)
        self.style = style
        self.flank = flank
    }

    /// True when the pair may not span a line break.
    var isSameLine: Bool { if case .wordBounded = flank { return true } else { return false } }

    /// Whether the marker at `index` may open a pair inside `range`.
    func opens(at index: Int, in chars: [Character], range: Range<Int>) -> Bool {
        guard hasMarker(at: index, in: chars, end: range.upperBound), index + marker.count < range.upperBound else { return false }
        let next = chars[index + marker.count]
        let previous: Character? = index > range.lowerBound ? chars[index - 1] : nil
        switch flank {
        case .discordDouble, .anywhere: return true
        case .discordStar: return !next.isWhitespace
        case .discordUnderscore: return !next.isWhitespace && !(previous.map(CharacterClass.isWord) ?? false)
        case .wordBounded: return !next.isWhitespace && !(previous.map(CharacterClass.isAlphanumeric) ?? false)
        }
    }

    /// Whether the marker at `index` (at least 1: a closer follows content) may close a pair,
    /// when text ends at `end`.
    func closes(at index: Int, in chars: [Character], end: Int) -> Bool {
        guard hasMarker(at: index, in: chars, end: end) else { return false }
        let after = index + marker.count
        let next: Character? = after < end ? chars[after] : nil
        let previous = chars[index - 1]
        switch flank {
        case let .discordDouble(character): return next != character
        case .discordStar: return next != "*" && !previous.isWhitespace && previous != "*"
        case .discordUnderscore: return !previous.isWhitespace && !(next.map(CharacterClass.isWord) ?? false)
        case .anywhere: return true
        case .wordBounded: return !previous.isWhitespace && !(next.map(CharacterClass.isAlphanumeric) ?? false)
        }
    }

    private func hasMarker(at index: Int, in chars: [Character], end: Int) -> Bool {
        guard index + marker.count <= end else { return false }
        for offset in 0..<marker.count where chars[index + offset] != marker[offset] { return false }
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
