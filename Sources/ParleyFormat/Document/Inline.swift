import ParleyModel

/// A run of text inside a block, with its formatting.
public indirect enum Inline: Hashable, Sendable {
    /// Literal text, unescaped.
    case text(String)
    /// A hard line break (`<br>`).
    case lineBreak
    /// A soft line break (CommonMark): shown as a space or a line break by the renderer.
    case softBreak
    case strong([Inline])
    case emphasis([Inline])
    case underline([Inline])
    case strikethrough([Inline])
    /// Hidden until the reader reveals it (Discord `||…||`, Telegram spoilers).
    case spoiler([Inline])
    /// Inline monospace code.
    case code(String)
    /// A link: the target as written in the source and its label. Renderers check the target
    /// against their URL policy and show the label alone when it is refused.
    case link(destination: String, [Inline])
    /// An image reference (CommonMark `![alt](src)`); the source as written.
    case image(source: String, alt: String)
    case mention(MentionTarget)
    case customEmoji(EmojiReference)
    /// A Discord timestamp `<t:unix:style>`, shown in the page's time zone.
    case timestamp(Timestamp, TimestampStyle)
}

/// Who or what a mention points at.
public struct MentionTarget: Hashable, Sendable {
    /// The sort of thing mentioned.
    public enum Kind: String, Hashable, Sendable {
        case user, channel, role
        /// A Discord slash command `</name:id>`; the label holds `/name`.
        case command
        /// `@everyone`, `@here`, Slack's `<!channel>`: a mention of many people.
        case broadcast
    }

    /// What is mentioned.
    public var kind: Kind
    /// The identifier as written in the markup (a snowflake, a Slack `U…` id), if any.
    public var id: String?
    /// A name the markup itself carries (Slack `<@U1|name>`, Telegram mention text), if any.
    public var label: String?

    /// A mention of `kind`, by identifier and/or the name the markup carries.
    public init(kind: Kind, id: String? = nil, label: String? = nil) {
        self.kind = kind
        self.id = id
        self.label = label
    }
}

/// A custom emoji written in markup: `<:name:id>`, `<a:name:id>`, or a `:name:` shortcode.
public struct EmojiReference: Hashable, Sendable {
    /// The emoji's name, without colons.
    public var name: String
    /// The emoji's identifier; nil for a `:name:` shortcode, resolved by name.
    public var id: String?
    /// True for an animated emoji (`<a:name:id>`).
    public var isAnimated: Bool

    /// A reference to the emoji `name`, by `id` when the markup gives one.
    public init(name: String, id: String? = nil, isAnimated: Bool = false) {
        self.name = name
        self.id = id
        self.isAnimated = isAnimated
    }
}

/// How a Discord timestamp is shown (the `style` letter of `<t:unix:style>`).
public enum TimestampStyle: String, Hashable, Sendable, CaseIterable {
    /// `t`: `16:20`.
    case shortTime = "t"
    /// `T`: `16:20:30`.
    case longTime = "T"
    /// `d`: `20/04/2021`.
    case shortDate = "d"
    /// `D`: `20 April 2021`.
    case longDate = "D"
    /// `f` (the default): `20 April 2021 16:20`.
    case shortDateTime = "f"
    /// `F`: `Tuesday, 20 April 2021 16:20`.
    case longDateTime = "F"
    /// `R`: relative ("2 months ago"); archives show the absolute `F` form, since pages are static.
    case relative = "R"
}
