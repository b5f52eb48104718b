/// The input formats Parley reads.
public enum InputFormat: String, CaseIterable, Sendable {
    /// DiscordChatExporter's JSON export (Tyrrrz/DiscordChatExporter, `--format Json`).
    case discordChatExporter = "discord"

    /// A one-line human name, used in errors and `--help`.
    public var displayName: String {
        switch self {
        case .discordChatExporter: return "DiscordChatExporter JSON"
        }
    }
}
