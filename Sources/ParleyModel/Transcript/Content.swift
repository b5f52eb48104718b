/// A message body: the source text and the markup flavor it is written in.
///
/// The text is kept as the source wrote it; renderers parse it by flavor, resolving mentions
/// and custom emoji through the transcript's ``Directory``.
public struct Content: Hashable, Sendable, Codable {
    /// The markup language of a message body.
    public enum Flavor: String, Hashable, Sendable, Codable {
        /// Plain text: line breaks kept, nothing else interpreted.
        case plain
        /// Discord's markdown dialect (DiscordChatExporter JSON `content`).
        case discordMarkdown
        /// Slack mrkdwn.
        case slackMrkdwn
        /// WhatsApp's `*bold*` / `_italic_` / `~strike~` conventions.
        case whatsapp
        /// Plain text with explicit formatting spans (Telegram entities).
        case spans
        /// CommonMark with GitHub extensions (ChatGPT, Matrix bodies).
        case commonMark
        /// HTML from the source (Matrix `formatted_body`): sanitized at render time.
        case html
    }

    public var text: String
    public var flavor: Flavor
    /// Formatting spans over ``text`` for the ``Flavor/spans`` flavor (Telegram entities); empty otherwise.
    public var spans: [FormatSpan] = []

    public init(text: String, flavor: Flavor = .plain) {
        self.text = text
        self.flavor = flavor
    }

    /// Text with formatting spans (offsets in UTF-16 code units), in the ``Flavor/spans`` flavor.
    public init(text: String, spans: [FormatSpan]) {
        self.text = text
        self.flavor = .spans
        self.spans = spans
    }
}
