import ParleyFormat
import ParleyHTML
import ParleyModel

/// Reactions (a Unicode emoji as text, a custom emoji's image when it can be shown, and the count) and stickers
/// (their image when it is a still or animated picture, else their name).
extension MessageSlots {
    func reaction(_ reaction: Reaction) -> SafeHTML {
        let name = reaction.emojiID == nil ? reaction.emoji : ":\(reaction.emoji):"
        var emoji = HTMLWriter()
        var image: String?
        if let id = reaction.emojiID {
            image =
                reaction.imageURL.map { context.media.source($0, rootPath: context.rootPath) }
                ?? DocumentRenderer(context: context).emojiSource(EmojiReference(name: reaction.emoji, id: id))
        }
        if let image {
            emoji.open(
                "img",
                [
                    ("class", .text("emoji")), ("src", .url(image)), ("alt", .text(name)), ("width", .text("48")),
                    ("height", .text("48")), ("loading", .text("lazy")),
                ])
        } else {
            emoji.open("span", [("class", .text("reaction-emoji"))])
            emoji.text(name)
            emoji.close("span")
        }
        return templates[.reaction].render(["name": .text(name), "emoji": .html(emoji.fragment), "count": .text(String(reaction.count))])
    }

    func sticker(_ sticker: Sticker) -> SafeHTML {
        let drawable = ["png", "apng", "pngan", "pnganimated", "gif", "webp", "image"].contains {
            sticker.format.lowercased().hasPrefix($0)
        }
        if drawable, let source = context.media.source(sticker.url, rootPath: context.rootPath) {
            return templates[.stickerImage].render(["src": .text(source), "name": .text(sticker.name.isEmpty ? "sticker" : sticker.name)])
        }
        return templates[.sticker].render(["name": .text(sticker.name), "format": .text(sticker.format)])
    }
}
