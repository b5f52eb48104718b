import ParleyModel

/// Parses message bodies of every ``Content/Flavor`` into one ``FormatDocument`` tree.
///
/// Parsing never fails: markup that does not match a rule is literal text. Nothing here knows
/// HTML; the ``Content/Flavor/html`` flavor is sanitized by ParleyHTML, not parsed here.
public enum MessageFormat {
    /// The document of a message body, by its flavor. HTML bodies come back as one paragraph of
    /// their source text (the renderer sanitizes them instead).
    public static func document(for content: Content) -> FormatDocument {
        switch content.flavor {
        case .plain, .html: return plainText(content.text)
        case .discordMarkdown: return discordMarkdown(content.text)
        case .slackMrkdwn: return slackMrkdwn(content.text)
        case .whatsapp: return whatsApp(content.text)
        case .spans: return spans(content.text, content.spans)
        case .commonMark: return commonMark(content.text)
        }
    }

    /// Plain text: one paragraph, line breaks kept, bare `http(s)` URLs linked.
    /// - Complexity: O(n).
    public static func plainText(_ text: String) -> FormatDocument {
        FormatDocument(blocks: LineBlockParser(dialect: .plain).parse(text))
    }

    /// Discord markdown: `**bold**`, `*italic*` / `_italic_`, `__underline__`, `~~strike~~`,
    /// `||spoiler||`, code spans and fences with a language, `>` / `>>>` quotes, `#` headings,
    /// `-#` subtext, `-` / `1.` lists, masked links, `<@id>` / `<@!id>` / `<#id>` / `<@&id>`
    /// mentions, `<:name:id>` / `<a:name:id>` emoji, `<t:unix:style>` timestamps, `@everyone`,
    /// `@here` and `:name:` shortcodes. Rules and their order follow DiscordChatExporter's
    /// `MarkdownParser` and Discord's "Markdown Text 101".
    /// - Complexity: O(n · d) for nesting depth d ≤ 32.
    public static func discordMarkdown(_ text: String) -> FormatDocument {
        FormatDocument(blocks: LineBlockParser(dialect: .discord).parse(text))
    }

    /// Slack mrkdwn as exports write it: `*bold*`, `_italic_`, `~strike~`, code and fences,
    /// `&gt;` quotes, `<url|label>` links, `<@U…>` / `<#C…|name>` / `<!here>` mentions, and the
    /// `&amp;` `&lt;` `&gt;` entities decoded.
    /// - Complexity: O(n).
    public static func slackMrkdwn(_ text: String) -> FormatDocument {
        FormatDocument(blocks: LineBlockParser(dialect: .slack).parse(text))
    }

    /// WhatsApp: `*bold*`, `_italic_`, `~strike~`, ```` ```monospace``` ````, `` `code` ``,
    /// `-` / `*` / `1.` lists and `> ` quotes.
    /// - Complexity: O(n).
    public static func whatsApp(_ text: String) -> FormatDocument {
        FormatDocument(blocks: LineBlockParser(dialect: .whatsapp).parse(text))
    }

    /// Plain text with formatting spans (Telegram entities; offsets in UTF-16 code units).
    /// - Complexity: O(n + s²) for s spans.
    public static func spans(_ text: String, _ spans: [FormatSpan]) -> FormatDocument {
        SpanDocumentBuilder(text: text).document(spans)
    }

    /// CommonMark with GFM tables, task lists, strikethrough and autolinks, through cmark-gfm.
    /// - Complexity: O(n).
    public static func commonMark(_ text: String) -> FormatDocument {
        CommonMarkConverter.document(text)
    }
}
