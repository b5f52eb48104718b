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

    /// The characters at which one of the dialect's special constructs (``InlineScanner``'s
    /// `special(at:in:depth:)`) or delimiters may start, and `\n`. At any other character the
    /// scanner takes text, so it passes over runs of them without trying a rule.
    var scanStops: ByteSet {
        switch self {
        case .plain: return ByteSet("hH\n")
        case .discord: return ByteSet("\\`<[hH@:*_~|\n")
        case .slack: return ByteSet("`<&hH*_~\n")
        case .whatsapp: return ByteSet("`hH*_~\n")
        }
    }

    /// The emphasis delimiters, in the order they are tried at a position.
    var delimiters: [Delimiter] {
        switch self {
        case .plain: return []
        case .discord: return Self.discordDelimiters
        case .slack, .whatsapp: return Self.wordBoundedDelimiters
        }
    }

    private static let discordDelimiters: [Delimiter] = [
        Delimiter(marker: "**", style: .strong, flank: .discordDouble(UInt8(ascii: "*"))),
        Delimiter(marker: "*", style: .emphasis, flank: .discordStar),
        Delimiter(marker: "__", style: .underline, flank: .discordDouble(UInt8(ascii: "_"))),
        Delimiter(marker: "_", style: .emphasis, flank: .discordUnderscore),
        Delimiter(marker: "~~", style: .strikethrough, flank: .anywhere),
        Delimiter(marker: "||", style: .spoiler, flank: .anywhere),
    ]

    private static let wordBoundedDelimiters: [Delimiter] = [
        Delimiter(marker: "*", style: .strong, flank: .wordBounded),
        Delimiter(marker: "_", style: .emphasis, flank: .wordBounded),
        Delimiter(marker: "~", style: .strikethrough, flank: .wordBounded),
    ]
}
