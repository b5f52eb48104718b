/// Slack's special inline constructs as exports write them: `<…>` links and mentions, the three
/// HTML entities Slack escapes (`&amp;`, `&lt;`, `&gt;`) and single-backtick code.
extension InlineScanner {
    mutating func slackSpecial(at index: Int, in range: Range<Int>) -> (Inline, Int)? {
        switch codes[index] {
        case UInt8(ascii: "`"):
            guard let close = find(UInt8(ascii: "`"), from: index + 1, end: range.upperBound), close > index + 1 else { return nil }
            return (.code(SlackEntities.decode(string((index + 1)..<close))), close + 1)
        case UInt8(ascii: "<"): return slackAngle(at: index, in: range)
        case UInt8(ascii: "&"):
            for (entity, character) in SlackEntities.table where matches(entity, at: index, end: range.upperBound) {
                return (.text(character), index + entity.count)
            }
            return nil
        case UInt8(ascii: "h"), UInt8(ascii: "H"): return autolink(at: index, in: range)
        default: return nil
        }
    }

    /// `<@U123>`, `<@U123|name>`, `<#C123|general>`, `<!here>`, `<!channel>`, `<!everyone>`,
    /// `<!subteam^S123|@team>`, `<!date^…|fallback>`, `<https://…|label>`, `<mailto:…|label>`.
    private mutating func slackAngle(at index: Int, in range: Range<Int>) -> (Inline, Int)? {
        guard let close = find(UInt8(ascii: ">"), from: index + 1, end: range.upperBound, limit: 4096), close > index + 1 else {
            return nil
        }
        let inner = string((index + 1)..<close)
        let bar = inner.firstIndex(of: "|")
        let target = String(inner[..<(bar ?? inner.endIndex)])
        let label = bar.map { SlackEntities.decode(String(inner[inner.index(after: $0)...])) }
        let next = close + 1
        let rest = String(target.dropFirst())
        switch target.first {
        case "@": return (.mention(MentionTarget(kind: .user, id: rest, label: label)), next)
        case "#": return (.mention(MentionTarget(kind: .channel, id: rest, label: label)), next)
        case "!":
            if ["here", "channel", "everyone"].contains(rest) {
                return (.mention(MentionTarget(kind: .broadcast, label: rest)), next)
            }
            if rest.hasPrefix("subteam^") {
                return (.mention(MentionTarget(kind: .role, id: String(rest.dropFirst(8)), label: label.map { Self.droppingAt($0) })), next)
            }
            return (.text(label ?? rest), next)
        default:
            let destination = SlackEntities.decode(target)
            return (.link(destination: destination, [.text(label ?? destination)]), next)
        }
    }

    private static func droppingAt(_ label: String) -> String { label.hasPrefix("@") ? String(label.dropFirst()) : label }
}

/// The entities Slack escapes in message text ("Escaping text" in Slack's formatting guide).
enum SlackEntities {
    static let table: [(String, String)] = [("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">")]

    /// `text` with `&amp;`, `&lt;` and `&gt;` decoded (`&amp;lt;` becomes `&lt;`, decoded once).
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[ampersand...]
            if let (entity, character) = table.first(where: { rest.hasPrefix($0.0) }) {
                result += character
                rest = rest.dropFirst(entity.count)
            } else {
                result += "&"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }
}
