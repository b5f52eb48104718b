/// The markup dialects that share Parley's inline scanner and line-based block parser.
///
/// Each dialect chooses its delimiters, its special constructs (angle-bracket mentions,
/// entities, masked links) and which line-start blocks it knows.
enum Dialect: Sendable {
    /// Plain text: line breaks and `http(s)` links only.
    case plain
    /// Discord's markdown (discord.com "Markdown Text 101"; DiscordChatExporter's matcher order).
    case discord
    /// Slack mrkdwn as written in exports (api.slack.com "Formatting text for app surfaces").
    case slack
    /// WhatsApp's chat formatting (faq.whatsapp.com "How to format your messages").
    case whatsapp

    /// The emphasis delimiters, in the order they are tried at a position.
    var delimiters: [Delimiter] {
        switch self {
        case .plain: return []
        case .discord:
            return [
                Delimiter(marker: "**", style: .strong, flank: .discordDouble("*")),
                Delimiter(marker: "*", style: .emphasis, flank: .discordStar),
                Delimiter(marker: "__", style: .underline, flank: .discordDouble("_")),
                Delimiter(marker: "_", style: .emphasis, flank: .discordUnderscore),
                Delimiter(marker: "~~", style: .strikethrough, flank: .anywhere),
                Delimiter(marker: "||", style: .spoiler, flank: .anywhere),
            ]
        case .slack, .whatsapp:
            return [
                Delimiter(marker: "*", style: .strong, flank: .wordBounded),
                Delimiter(marker: "_", style: .emphasis, flank: .wordBounded),
                Delimiter(marker: "~", style: .strikethrough, flank: .wordBounded),
            ]
        }
    }
}
