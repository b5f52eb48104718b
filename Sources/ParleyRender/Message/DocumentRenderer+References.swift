import ParleyFormat
import ParleyHTML
import ParleyModel

/// Mentions, custom emoji and timestamps, resolved through the transcript's directory, the
/// archive's media and the page's clock.
extension DocumentRenderer {
    /// `span.mention` with `@name` or `#name` (a link when the channel is in the archive).
    /// Names come from the directory, else the markup's own label, else the identifier.
    mutating func mention(_ target: MentionTarget, into writer: inout HTMLWriter) {
        let text = Self.mentionText(target, directory: context.directory)
        let className = "mention mention-\(target.kind.rawValue)"
        if target.kind == .channel, !insideLink, let id = target.id, context.channelNames[ChannelID(id)] != nil {
            writer.open("a", [("class", .text(className)), ("href", .url(context.channelLink(ChannelID(id))))])
            writer.text(text)
            writer.close("a")
            return
        }
        writer.open("span", [("class", .text(className))])
        writer.text(text)
        writer.close("span")
    }

    /// `@Avery`, `#general`, `@Moderators`, `@everyone`, `/command`.
    static func mentionText(_ target: MentionTarget, directory: Directory) -> String {
        let id = target.id ?? ""
        switch target.kind {
        case .user: return "@" + (directory.users[id] ?? target.label ?? (id.isEmpty ? "unknown" : id))
        case .channel: return "#" + (directory.channels[id] ?? target.label ?? (id.isEmpty ? "unknown" : id))
        case .role: return "@" + (directory.roles[id] ?? target.label ?? (id.isEmpty ? "unknown" : id))
        case .broadcast: return "@" + (target.label ?? "everyone")
        case .command: return target.label ?? "/"
        }
    }

    /// `img.emoji` when the emoji's image can be shown, else its `:name:` text.
    mutating func customEmoji(_ emoji: EmojiReference, into writer: inout HTMLWriter) {
        let code = ":\(emoji.name):"
        guard let source = emojiSource(emoji) else { return writer.text(code) }
        writer.open(
            "img",
            [
                ("class", .text("emoji")), ("src", .url(source)), ("alt", .text(code)), ("title", .text(code)),
                ("width", .text("48")), ("height", .text("48")), ("loading", .text("lazy")),
            ])
    }

    /// The image of a custom emoji: the directory's image (found by id, or by name for a `:name:`
    /// shortcode, the lowest id winning among equal names) when the archive can show it; Discord's
    /// CDN address for a Discord id the directory has no image for; else nil (shown as text).
    func emojiSource(_ emoji: EmojiReference) -> String? {
        let directory = context.directory.emoji
        let id = emoji.id ?? directory.filter { $0.value.name == emoji.name }.keys.min()
        guard let id else { return nil }
        if let known = directory[id]?.imageURL { return context.media.source(known, rootPath: context.rootPath) }
        guard Self.isSnowflake(id) else { return nil }
        let isAnimated = emoji.isAnimated || directory[id]?.isAnimated == true
        return context.media.source("https://cdn.discordapp.com/emojis/\(id).\(isAnimated ? "gif" : "png")", rootPath: context.rootPath)
    }

    /// 1 to 20 ASCII digits: a Discord snowflake, which the CDN address needs.
    static func isSnowflake(_ id: String) -> Bool { (1...20).contains(id.count) && id.allSatisfy { $0.isASCII && $0.isNumber } }

    /// `time.timestamp` in the page's zone, with the full time as a tooltip.
    func timestamp(_ timestamp: Timestamp, _ style: TimestampStyle, into writer: inout HTMLWriter) {
        writer.open(
            "time",
            [
                ("class", .text("timestamp")), ("datetime", .text(timestamp.description)),
                ("title", .text(DateText.fullTime(timestamp, clock: context.clock))),
            ])
        writer.text(TimestampFormat.text(timestamp, style, clock: context.clock))
        writer.close("time")
    }
}
