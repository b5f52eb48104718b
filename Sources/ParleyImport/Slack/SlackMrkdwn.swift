/// Slack's message markup ("mrkdwn"): the angle-bracket escapes `<@U123>` and `<@U123|name>`
/// (users), `<#C123|name>` (channels), `<!here>` (broadcasts) and `<url|label>` (links), per
/// Slack's "Formatting text for app surfaces" reference, and emoji shortcodes (`:wave:`).
enum SlackMrkdwn {
    /// The user ids of `<@U…>` mentions in `text`, in order, each once: what follows each `<@` up
    /// to the next `>`, cut at a `|` (`<@U123|name>`), when not empty. The delimiters are found as
    /// bytes — Slack writes its escapes in ASCII and escapes a typed `<`, `>` and `&` as `&lt;`,
    /// `&gt;`, `&amp;` — so a mark typed right after a mention (`<@U1>\u{301}`) does not hide its `>`.
    /// - Complexity: O(n) in the text's length.
    static func mentionedUsers(_ text: String) -> [String] {
        var result: [String] = []
        var utf8 = text.utf8[...]
        while let open = utf8.firstIndex(of: UInt8(ascii: "<")) {
            utf8 = utf8[utf8.index(after: open)...]
            guard utf8.first == UInt8(ascii: "@") else { continue }
            utf8 = utf8.dropFirst()
            guard let close = utf8.firstIndex(of: UInt8(ascii: ">")) else { break }
            let inside = utf8[..<close]
            let id = String(Substring(inside[..<(inside.firstIndex(of: UInt8(ascii: "|")) ?? close)]))
            if !id.isEmpty, !result.contains(id) { result.append(id) }
            utf8 = utf8[close...]
        }
        return result
    }

    /// `text` with each emoji shortcode ``SlackEmoji`` knows written as its emoji: `:wave:`,
    /// aliases (`:+1:`), a skin tone after it (`:thumbsup::skin-tone-2:`). A shortcode is
    /// `:name:` with a name of `a`–`z`, `0`–`9`, `_ + ' -` (at most 100), whose opening colon does
    /// not follow a letter or digit, so times such as `12:15:30` stay text; so do names the table
    /// lacks (a workspace's custom emoji) and everything inside code (`` `…` ``, ```` ```…``` ````)
    /// and angle brackets (`<https://…>`, `<@U1|name>`), as Slack shows them.
    /// - Complexity: O(n) in the text's length.
    static func emojifying(_ text: String) -> String {
        guard mayHoldShortcode(text) else { return text }
        let scalars = text.unicodeScalars
        var result = String.UnicodeScalarView()
        var copied = scalars.startIndex
        var index = scalars.startIndex
        // Openers found without a closer: none closes later either, so each is searched for once.
        var unclosed: Set<String> = []
        while index < scalars.endIndex {
            switch scalars[index] {
            case "`", "<":
                let opener = scalars[index] == "<" ? "<" : scalars[index...].starts(with: "```".unicodeScalars) ? "```" : "`"
                let after = scalars.index(index, offsetBy: opener.unicodeScalars.count)
                let closer = opener == "<" ? ">" : opener
                guard !unclosed.contains(opener), let close = scalars[after...].firstRange(of: closer.unicodeScalars) else {
                    unclosed.insert(opener)
                    index = after
                    continue
                }
                index = close.upperBound
            case ":":
                let before = index > scalars.startIndex ? scalars[scalars.index(before: index)] : " "
                guard !before.properties.isAlphabetic, before.properties.numericType == nil,
                    let (emoji, end) = shortcode(at: index, in: scalars)
                else {
                    index = scalars.index(after: index)
                    continue
                }
                result.append(contentsOf: scalars[copied..<index])
                result.append(contentsOf: emoji.unicodeScalars)
                copied = end
                index = end
            default:
                index = scalars.index(after: index)
            }
        }
        guard copied > scalars.startIndex else { return text }
        result.append(contentsOf: scalars[copied...])
        return String(result)
    }

    /// Whether `text` holds a colon, name scalars and a colon (`:wave:`), which every shortcode
    /// ``emojifying(_:)`` writes as its emoji does; most texts do not, and are ruled out by their
    /// bytes (the name scalars are ASCII).
    /// - Complexity: O(n) in the text's length.
    static func mayHoldShortcode(_ text: String) -> Bool {
        var nameLength = -1
        for byte in text.utf8 {
            if byte == UInt8(ascii: ":") {
                if nameLength > 0 { return true }
                nameLength = 0
            } else if nameLength >= 0, byte < 0x80, isNameScalar(Unicode.Scalar(byte)) {
                nameLength += 1
            } else {
                nameLength = -1
            }
        }
        return false
    }

    /// The emoji of the shortcode whose opening colon is at `colon`, with a skin tone shortcode
    /// right after it when the emoji takes that tone, and the index after its closing colon.
    private static func shortcode(at colon: String.UnicodeScalarView.Index, in scalars: String.UnicodeScalarView) -> (
        String, String.UnicodeScalarView.Index
    )? {
        guard let (name, end) = name(at: colon, in: scalars), let emoji = SlackEmoji.emoji(named: name) else { return nil }
        if end < scalars.endIndex, scalars[end] == ":", let (tone, toneEnd) = self.name(at: end, in: scalars),
            let toned = SlackEmoji.emoji(named: name, tone: tone)
        {
            return (toned, toneEnd)
        }
        return (emoji, end)
    }

    /// The name of `:name:` opening at `colon`, and the index after its closing colon.
    private static func name(at colon: String.UnicodeScalarView.Index, in scalars: String.UnicodeScalarView) -> (
        Substring, String.UnicodeScalarView.Index
    )? {
        let start = scalars.index(after: colon)
        var end = start
        while end < scalars.endIndex, isNameScalar(scalars[end]), scalars.distance(from: start, to: end) < 100 {
            end = scalars.index(after: end)
        }
        guard end > start, end < scalars.endIndex, scalars[end] == ":" else { return nil }
        return (Substring(String(scalars[start..<end])), scalars.index(after: end))
    }

    /// `a`–`z`, `0`–`9`, `_`, `+`, `'`, `-`: the characters of a Slack emoji name.
    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || "_+'-".unicodeScalars.contains(scalar)
    }
}
