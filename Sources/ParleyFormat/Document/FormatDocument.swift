/// A message body parsed into blocks and inlines: the one tree every markup flavor becomes.
///
/// Parsers never see a renderer and a renderer never sees a flavor: Discord markdown, Slack
/// mrkdwn, WhatsApp, Telegram spans and CommonMark all produce this tree, and ParleyRender
/// walks it into HTML. The tree holds the source's text unescaped; mentions and custom emoji
/// keep their identifiers and are resolved to names and images by the renderer.
public struct FormatDocument: Hashable, Sendable {
    /// The top-level blocks in reading order.
    public var blocks: [Block]

    /// A document of `blocks` (empty by default).
    public init(blocks: [Block] = []) { self.blocks = blocks }

    /// True when the document holds no block.
    public var isEmpty: Bool { blocks.isEmpty }
}

/// A block of a message body.
public indirect enum Block: Hashable, Sendable {
    /// Running text; line breaks inside it are ``Inline/lineBreak``.
    case paragraph([Inline])
    /// A heading of level 1 (largest) to 6.
    case heading(level: Int, [Inline])
    /// Discord's small, muted `-# ` line.
    case subtext([Inline])
    /// A block quote holding blocks.
    case quote([Block])
    /// Preformatted code; `language` is the fence's info word (`swift`, `python`), if any.
    case codeBlock(language: String?, code: String)
    /// A bulleted or numbered list.
    case list(ListBlock)
    /// A GFM table.
    case table(TableBlock)
    /// A horizontal rule (`---`).
    case thematicBreak
}

/// A bulleted or numbered list.
public struct ListBlock: Hashable, Sendable {
    /// True for a numbered list.
    public var isOrdered: Bool
    /// The number of the first item of a numbered list.
    public var start: Int
    /// The items in order.
    public var items: [ListItem]

    /// A list of `items`, numbered from `start` when `isOrdered`.
    public init(isOrdered: Bool, start: Int = 1, items: [ListItem]) {
        self.isOrdered = isOrdered
        self.start = start
        self.items = items
    }
}

/// One item of a list: its blocks, and its check box for a GFM task list item.
public struct ListItem: Hashable, Sendable {
    /// Whether a task list item is done; nil for an ordinary item.
    public var task: Bool?
    /// The item's content.
    public var blocks: [Block]

    /// An item holding `blocks`; `task` for a check-box item.
    public init(blocks: [Block], task: Bool? = nil) {
        self.blocks = blocks
        self.task = task
    }
}
