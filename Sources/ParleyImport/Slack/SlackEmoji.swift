/// Slack's emoji shortcodes: the short names of iamcal's emoji-data (the set Slack uses, aliases
/// such as `+1` and `thumbsup` included), each with its emoji, and the skin tones an emoji takes
/// (`thumbsup::skin-tone-2`, `handshake::skin-tone-2-3`), from the generated
/// ``encodedTable`` (`SlackEmojiTable.swift`, written by `scripts/generate-slack-emoji`).
///
/// A name the table lacks is a workspace's custom emoji (or a newer one): callers keep it as
/// `:name:`.
enum SlackEmoji {
    /// How an emoji takes skin tones, as the table writes it (the generator checks each rule
    /// against every variation the dataset lists).
    enum Tones: Equatable {
        /// `1`: the five tones; `skin-tone-N` inserts its modifier after the first scalar.
        case single
        /// `2`: a tone for each of two people (`skin-tone-N-M`; `skin-tone-N` is `N-N`): the first
        /// modifier after the first scalar, the second at the end.
        case pairs
        /// `1 2=ALT`: the five tones as ``single``, and two different tones as ``pairs`` applied
        /// to the sequence ALT (a two-person emoji whose base is one glyph, such as `handshake`).
        case singleAndMixed(alternate: Substring)
    }

    /// One line of the table: the emoji and how it takes skin tones (nil: it takes none).
    struct Entry {
        var emoji: Substring
        var tones: Tones?
    }

    /// Every short name of the table, parsed once on first use (about 2,000 names).
    private static let entries: [Substring: Entry] = {
        var entries: [Substring: Entry] = [:]
        entries.reserveCapacity(2048)
        for line in encodedTable.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            guard fields.count >= 2 else { continue }
            let entry = Entry(emoji: fields[1], tones: fields.count > 2 ? tones(fields[2]) : nil)
            for name in fields[0].split(separator: " ") { entries[name] = entry }
        }
        return entries
    }()

    private static func tones(_ field: Substring) -> Tones? {
        switch field {
        case "1": return .single
        case "2": return .pairs
        default:
            guard field.hasPrefix("1 2=") else { return nil }
            return .singleAndMixed(alternate: field.dropFirst(4))
        }
    }

    /// The emoji of the short name `name` (`wave`, `+1`), or nil when the table lacks it.
    /// - Complexity: O(name's length).
    static func emoji(named name: Substring) -> String? {
        entries[name].map { String($0.emoji) }
    }

    /// The emoji of `name` in the skin tone `tone` (`skin-tone-2` … `skin-tone-6`, or
    /// `skin-tone-2-3` for two people), or nil when the table lacks the name, the tone is not one
    /// of these, or the emoji does not take it.
    /// - Complexity: O(name's length).
    static func emoji(named name: Substring, tone: Substring) -> String? {
        guard let entry = entries[name], let kind = entry.tones, let (first, second) = modifiers(tone) else { return nil }
        switch kind {
        case .single:
            guard second == nil || second == first else { return nil }
            return applying([first], to: entry.emoji)
        case .pairs:
            return applying([first, second ?? first], to: entry.emoji)
        case let .singleAndMixed(alternate):
            guard let second, second != first else { return applying([first], to: entry.emoji) }
            return applying([first, second], to: alternate)
        }
    }

    /// The emoji of a reaction's name: `thumbsup`, `thumbsup::skin-tone-2`; a tone the emoji does
    /// not take follows it as its own swatch (as `:ok::skin-tone-2:` shows in text). Nil when a
    /// part is not in the table (a custom emoji).
    static func unicode(_ name: String) -> String? {
        let parts = name.split(separator: "::", omittingEmptySubsequences: false)
        if parts.count == 2, let toned = emoji(named: parts[0], tone: parts[1]) { return toned }
        var result = ""
        for part in parts {
            guard let emoji = emoji(named: part) else { return nil }
            result += emoji
        }
        return result
    }

    /// The modifiers (U+1F3FB … U+1F3FF) a tone name gives: `skin-tone-N` one, `skin-tone-N-M` two.
    private static func modifiers(_ tone: Substring) -> (Unicode.Scalar, Unicode.Scalar?)? {
        guard tone.hasPrefix("skin-tone-") else { return nil }
        let digits = tone.dropFirst(10).split(separator: "-", omittingEmptySubsequences: false)
        let scalars = digits.compactMap { digit -> Unicode.Scalar? in
            guard digit.count == 1, let value = digit.first?.wholeNumberValue, (2...6).contains(value) else { return nil }
            return Unicode.Scalar(0x1F3FB + UInt32(value - 2))
        }
        guard (1...2).contains(digits.count), scalars.count == digits.count else { return nil }
        return (scalars[0], scalars.count == 2 ? scalars[1] : nil)
    }

    /// `base` with the first modifier after its first scalar (a variation selector 16 there
    /// dropped) and the second, if any, at the end (a final variation selector 16 dropped): the
    /// rule the generator checked against the dataset.
    private static func applying(_ modifiers: [Unicode.Scalar], to base: Substring) -> String {
        var scalars = Array(base.unicodeScalars)
        guard let first = scalars.first else { return String(base) }
        var rest = scalars.dropFirst()
        if rest.first == "\u{FE0F}" { rest = rest.dropFirst() }
        scalars = [first, modifiers[0]] + rest
        if modifiers.count == 2 {
            if scalars.last == "\u{FE0F}" { scalars.removeLast() }
            scalars.append(modifiers[1])
        }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }
}
