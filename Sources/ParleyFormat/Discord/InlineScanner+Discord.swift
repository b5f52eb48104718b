import ParleyModel

/// Discord's special inline constructs: escapes, code spans, `<…>` mentions, custom emoji and
/// timestamps, masked links, `@everyone` / `@here` and `:name:` shortcodes.
extension InlineScanner {
    mutating func discordSpecial(at index: Int, in range: Range<Int>, depth: Int) -> (Inline, Int)? {
        switch codes[index] {
        case UInt8(ascii: "\\"): return escape(at: index, in: range)
        case UInt8(ascii: "`"): return codeSpan(at: index, in: range)
        case UInt8(ascii: "<"): return discordAngle(at: index, in: range)
        case UInt8(ascii: "["): return maskedLink(at: index, in: range, depth: depth)
        case UInt8(ascii: "h"), UInt8(ascii: "H"): return autolink(at: index, in: range)
        case UInt8(ascii: "@"): return broadcast(at: index, in: range)
        case UInt8(ascii: ":"): return shortcode(at: index, in: range)
        default: return nil
        }
    }

    /// `<@id>`, `<@!id>`, `<@&id>`, `<#id>`, `<:name:id>`, `<a:name:id>`, `<t:unix:style>`,
    /// `</command:id>` and `<https://…>` (a link whose preview was suppressed).
    private mutating func discordAngle(at index: Int, in range: Range<Int>) -> (Inline, Int)? {
        guard let close = find(UInt8(ascii: ">"), from: index + 1, end: range.upperBound, limit: 512) else { return nil }
        let inner = string((index + 1)..<close)
        let next = close + 1
        if inner.hasPrefix("@&"), Self.isSnowflake(inner.dropFirst(2)) {
            return (.mention(MentionTarget(kind: .role, id: String(inner.dropFirst(2)))), next)
        }
        if inner.hasPrefix("@!"), Self.isSnowflake(inner.dropFirst(2)) {
            return (.mention(MentionTarget(kind: .user, id: String(inner.dropFirst(2)))), next)
        }
        if inner.hasPrefix("@"), Self.isSnowflake(inner.dropFirst()) {
            return (.mention(MentionTarget(kind: .user, id: String(inner.dropFirst()))), next)
        }
        if inner.hasPrefix("#"), Self.isSnowflake(inner.dropFirst()) {
            return (.mention(MentionTarget(kind: .channel, id: String(inner.dropFirst()))), next)
        }
        if let emoji = Self.customEmoji(inner) { return (.customEmoji(emoji), next) }
        if let (timestamp, style) = Self.timestamp(inner) { return (.timestamp(timestamp, style), next) }
        if inner.hasPrefix("/"), let colon = inner.lastIndex(of: ":"), Self.isSnowflake(inner[inner.index(after: colon)...]) {
            let name = inner[inner.index(after: inner.startIndex)..<colon]
            guard !name.isEmpty else { return nil }
            return (.mention(MentionTarget(kind: .command, label: "/" + name)), next)
        }
        let lowered = inner.lowercased()
        if lowered.hasPrefix("https://") || lowered.hasPrefix("http://"), !inner.contains(where: \.isWhitespace) {
            return (.link(destination: inner, [.text(inner)]), next)
        }
        return nil
    }

    /// `[label](https://…)` or `[label](<https://…>)`: Discord links only `http` and `https`.
    private mutating func maskedLink(at index: Int, in range: Range<Int>, depth: Int) -> (Inline, Int)? {
        var close = nextOccurrence(of: UInt8(ascii: "]"), from: index + 1)
        while close + 1 < range.upperBound, close - index < 1000, codes[close + 1] != UInt8(ascii: "(") {
            close = nextOccurrence(of: UInt8(ascii: "]"), from: close + 1)
        }
        guard close + 1 < range.upperBound, close - index < 1000, close > index + 1 else { return nil }
        guard let end = find(UInt8(ascii: ")"), from: close + 2, end: range.upperBound, limit: 2048) else { return nil }
        var target = string((close + 2)..<end).trimmingSpaces()
        if target.hasPrefix("<"), target.hasSuffix(">") { target = String(target.dropFirst().dropLast()) }
        let lowered = target.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"), !target.contains(where: \.isWhitespace) else { return nil }
        let label = depth < Self.maximumDepth ? parse((index + 1)..<close, depth: depth + 1) : [.text(string((index + 1)..<close))]
        return (.link(destination: target, label), end + 1)
    }

    /// `@everyone` and `@here`, not inside a word.
    private func broadcast(at index: Int, in range: Range<Int>) -> (Inline, Int)? {
        if index > range.lowerBound, isWord(index - 1) { return nil }
        for word in ["@everyone", "@here"] where matches(word, at: index, end: range.upperBound) {
            let end = index + word.count
            if end < range.upperBound, isWord(end) { continue }
            return (.mention(MentionTarget(kind: .broadcast, label: String(word.dropFirst()))), end)
        }
        return nil
    }

    /// `:name:` (2 to 32 letters, digits, `_`, `-`, `~`, `+`, not all digits): a custom emoji named
    /// in text, as DiscordChatExporter's JSON writes them; renderers show the text when the name is unknown.
    private func shortcode(at index: Int, in range: Range<Int>) -> (Inline, Int)? {
        if index > range.lowerBound, isAlphanumeric(index - 1) { return nil }
        var end = index + 1
        while end < range.upperBound, end - index <= 33, codes[end] < 0x80,
            isAlphanumeric(end) || Self.shortcodeSymbols.contains(codes[end])
        {
            end += 1
        }
        let name = string((index + 1)..<min(end, range.upperBound))
        guard end < range.upperBound, codes[end] == UInt8(ascii: ":"), (2...32).contains(name.count),
            !name.allSatisfy(CharacterClass.isDigit)
        else { return nil }
        return (.customEmoji(EmojiReference(name: name)), end + 1)
    }

    /// The characters of a shortcode's name besides letters and digits.
    private static let shortcodeSymbols = ByteSet("_-~+")

    /// `:name:id` or `a:name:id`.
    static func customEmoji(_ inner: String) -> EmojiReference? {
        let parts = inner.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].isEmpty || parts[0] == "a", !parts[1].isEmpty, parts[1].count <= 64,
            parts[1].allSatisfy({ CharacterClass.isWord($0) || $0 == "~" }), isSnowflake(parts[2])
        else { return nil }
        return EmojiReference(name: String(parts[1]), id: String(parts[2]), isAnimated: parts[0] == "a")
    }

    /// `t:unix` or `t:unix:style`, seconds since the epoch (up to 12 digits, signed, within the
    /// years 0001–9999; anything else stays text).
    static func timestamp(_ inner: String) -> (Timestamp, TimestampStyle)? {
        let parts = inner.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts[0] == "t" else { return nil }
        let digits = parts[1].hasPrefix("-") ? parts[1].dropFirst() : parts[1]
        guard (1...12).contains(digits.count), digits.allSatisfy(CharacterClass.isDigit), let seconds = Int64(parts[1]),
            let timestamp = Timestamp(unixSeconds: seconds)
        else { return nil }
        var style = TimestampStyle.shortDateTime
        if parts.count == 3 {
            guard let given = TimestampStyle(rawValue: String(parts[2])) else { return nil }
            style = given
        }
        return (timestamp, style)
    }

    /// 1 to 20 ASCII digits: a Discord snowflake.
    static func isSnowflake(_ text: some StringProtocol) -> Bool {
        (1...20).contains(text.count) && text.allSatisfy(CharacterClass.isDigit)
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(scalars[first...last])
    }
}
