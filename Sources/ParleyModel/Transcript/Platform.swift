/// The app a channel's messages were exported from: what decides the look its pages take by
/// default (a theme per platform, `--theme`) and is kept in an archive's header.
public enum Platform: String, Hashable, Sendable, Codable, CaseIterable {
    case discord, slack, whatsApp = "whatsapp", sms, telegram, chatGPT = "chatgpt", matrix
}
