/// Slack's message markup ("mrkdwn"): the angle-bracket escapes `<@U123>` and `<@U123|name>`
/// (users), `<#C123|name>` (channels), `<!here>` (broadcasts) and `<url|label>` (links), per
/// Slack's "Formatting text for app surfaces" reference.
enum SlackMrkdwn {
    /// The user ids of `<@U…>` mentions in `text`, in order, each once.
    /// - Complexity: O(n) in the text's length.
    static func mentionedUsers(_ text: String) -> [String] {
        var result: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "<@") {
            rest = rest[open.upperBound...]
            guard let close = rest.firstIndex(of: ">") else { break }
            let id = String(rest[..<close].prefix { $0 != "|" })
            if !id.isEmpty, !result.contains(id) { result.append(id) }
            rest = rest[close...]
        }
        return result
    }
}
