import ParleyHTML
import ParleyLayout
import ParleyModel

/// Renders one laid-out message into a ``MessageFragment`` through the `message` template.
///
/// Every message element carries its full header (avatar, name, time); the group position is a
/// class (`pos-first`, `pos-middle`, `pos-last`, `pos-only`) that decides by CSS whether the
/// header shows. The text is parsed by its flavor into ParleyFormat's document tree and written
/// by `DocumentRenderer`; rich parts (attachments, embeds, reactions…) fill the other slots.
public struct MessageRenderer: Sendable {
    public var context: RenderContext

    public init(context: RenderContext) { self.context = context }

    /// The fragment of `item`.
    /// - Complexity: O(size of the message's rendered HTML).
    public func render(_ item: LaidOutMessage) -> MessageFragment {
        let message = item.message
        let elementID = DOMID.message(message.id.rawValue)
        let classes = Self.classes(item)
        let slots = MessageSlots(context: context).render(message)
        var values: [String: SlotValue] = [
            "classes": .text(classes), "id": .text(elementID), "authorID": .text(message.author.id.rawValue),
            "avatarClass": .text(
                ColorClasses.className(for: message.author.color) ?? ColorClasses.paletteClass(for: message.author.id.rawValue)),
            "initials": .text(Self.initials(message.author.shownName)),
            "authorClass": .text(ColorClasses.className(for: message.author.color) ?? ""),
            "author": .text(message.author.shownName), "badge": .text(message.author.isBot ? "BOT" : ""),
            "permalink": .text("#" + elementID), "fullTime": .text(DateText.fullTime(message.timestamp, clock: context.clock)),
            "datetime": .text(message.timestamp.description), "time": .text(DateText.shortTime(message.timestamp, clock: context.clock)),
        ]
        for (name, fragment) in slots { values[name] = .html(fragment) }
        let rendered = context.templates[.message].render(values, frameExcluding: Set(slots.keys).union(["classes"]))
        return MessageFragment(
            elementID: elementID, attributes: ["class": "msg " + classes], slots: slots, html: rendered.html, frame: rendered.frame)
    }

    /// `pos-first kind-default` plus `msg-system`, `msg-pinned` and `msg-bot` where they apply.
    static func classes(_ item: LaidOutMessage) -> String {
        var classes = ["pos-\(item.position.rawValue)", "kind-\(item.message.kind.rawValue)"]
        if item.message.kind.isSystem { classes.append("msg-system") }
        if item.message.isPinned { classes.append("msg-pinned") }
        if item.message.author.isBot { classes.append("msg-bot") }
        return classes.joined(separator: " ")
    }

    /// Up to two capital letters from the first letters of the name's words (`Avery Smith` → `AS`).
    static func initials(_ name: String) -> String {
        let words = name.split { !$0.isLetter && !$0.isNumber }
        let letters = words.prefix(2).compactMap(\.first).map { String($0).uppercased() }.joined()
        if !letters.isEmpty { return letters }
        return name.first.map { String($0) } ?? "?"
    }
}
