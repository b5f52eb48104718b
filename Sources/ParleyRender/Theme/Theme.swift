import ParleyModel

/// A built-in look of the pages: a stylesheet in `Public/` (`theme-NAME.css`), linked after
/// `parley.css`, which keeps the structure, layout and accessibility while the theme sets its
/// custom properties (colours, fonts, radii) and a few rules of its own. Every theme has a light
/// and a dark palette chosen by `prefers-color-scheme` and prints black on white.
public enum Theme: String, CaseIterable, Sendable {
    /// Parley's neutral look: `parley.css` alone (its theme file only names the properties).
    case parley
    /// Discord-like: dark first, a blurple accent, embeds on a darker card with their colour bar.
    case discord
    /// Slack-like: a white page with a deep aubergine header, bold names, square avatars.
    case slack
    /// WhatsApp-, SMS- and Telegram-like: every message a bubble, your own on the end side.
    case bubbles
    /// ChatGPT-like: your prompts in a bubble on the end side, answers full width, dark code blocks.
    case chatGPT = "chatgpt"

    /// The theme of pages whose messages came from `platform`: Discord's and Slack's their own,
    /// WhatsApp's, SMS's and Telegram's ``bubbles``, ChatGPT's its own, Matrix's and an unknown
    /// platform's ``parley``.
    public init(platform: Platform?) {
        switch platform {
        case .discord: self = .discord
        case .slack: self = .slack
        case .whatsApp, .sms, .telegram: self = .bubbles
        case .chatGPT: self = .chatGPT
        case .matrix, nil: self = .parley
        }
    }

    /// The theme's stylesheet below an archive's root (`public/theme-discord.css`), or below a
    /// live server's root.
    public var stylesheetPath: String { "public/" + fileName }

    /// The stylesheet's file name in `Public/`.
    public var fileName: String { "theme-\(rawValue).css" }
}
