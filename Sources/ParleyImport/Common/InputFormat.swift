import ParleyModel

/// The input formats Parley reads.
public enum InputFormat: String, CaseIterable, Sendable {
    /// Parley's own JSON Lines format (`docs/FORMAT.md`), what `parley convert` writes.
    case parleyJSONL = "parley"
    /// DiscordChatExporter's JSON export (Tyrrrz/DiscordChatExporter, `--format Json`).
    case discordChatExporter = "discord"
    /// Telegram Desktop's JSON export (`result.json`, one chat or a whole account).
    case telegram
    /// ChatGPT's `conversations.json` (the `mapping` tree of each conversation).
    case chatGPT = "chatgpt"
    /// Element's JSON export of a Matrix room (`room_name`, `messages` of Matrix events).
    case matrix
    /// Slack's workspace export: a folder, or its `.zip` (`users.json`, `channels.json`, day files).
    case slack
    /// Android "SMS Backup & Restore" XML (`<smses>` with `<sms>` and `<mms>`).
    case smsBackup = "sms"
    /// WhatsApp's "Export chat" text, or the `.zip` holding it with media (detected last: it has no magic).
    case whatsApp = "whatsapp"

    /// A one-line human name, used in errors and `--help`.
    public var displayName: String {
        switch self {
        case .parleyJSONL: return "Parley JSON Lines"
        case .discordChatExporter: return "DiscordChatExporter JSON"
        case .telegram: return "Telegram Desktop JSON"
        case .chatGPT: return "ChatGPT conversations.json"
        case .matrix: return "Matrix (Element) JSON"
        case .slack: return "Slack workspace export"
        case .smsBackup: return "SMS Backup & Restore XML"
        case .whatsApp: return "WhatsApp chat export"
        }
    }

    /// The app whose export this format is; nil for Parley JSON Lines, whose header names each
    /// channel's own.
    public var platform: Platform? {
        switch self {
        case .parleyJSONL: return nil
        case .discordChatExporter: return .discord
        case .telegram: return .telegram
        case .chatGPT: return .chatGPT
        case .matrix: return .matrix
        case .slack: return .slack
        case .smsBackup: return .sms
        case .whatsApp: return .whatsApp
        }
    }
}
