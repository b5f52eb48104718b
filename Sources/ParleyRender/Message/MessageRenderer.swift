import ParleyHTML
import ParleyLayout
import ParleyModel

/// Renders one laid-out message into an ``ElementRendering`` through the `message` template.
///
/// Every message element carries its full header (avatar, name, time); the group position is a
/// class (`pos-first`, `pos-middle`, `pos-last`, `pos-only`) that decides by CSS whether the
/// header shows. The text is parsed by its flavor into ParleyFormat's document tree and written
/// by `DocumentRenderer`; rich parts (attachments, embeds, reactions…) fill the other slots.
/// A slot element without content is not written (the template's ``SlotLayout`` says where it
/// goes when a later patch creates it).
public struct MessageRenderer: Sendable {
    public var context: RenderContext

    public init(context: RenderContext) { self.context = context }

    /// The fragment of `item`.
    /// - Complexity: O(size of the message's rendered HTML).
    public func render(_ item: LaidOutMessage) -> ElementRendering {
        let elementID = DOMID.message(item.message.id.rawValue)
        let classes = Self.classes(item)
        let parts = MessageSlots(context: context).render(item.message)
        let values = values(
            item, elementID: elementID, classes: classes, header: AuthorHeader(item.message.author, context: context), parts: parts)
        let slots = context.templates.messageSlots
        let rendered = context.templates[.message].render(values, frameExcluding: slots.frameExcluded)
        let present = zip(MessageSlots.names, parts).filter { name, part in !part.isEmpty && slots.layout.names.contains(name) }
        return ElementRendering(
            elementID: elementID, attributes: ["class": "msg " + classes], slots: Dictionary(uniqueKeysWithValues: present),
            slotLayout: slots.layout, html: rendered.html, frame: rendered.frame)
    }

    /// Writes the element of `item` at the end of `writer`: the bytes of ``render(_:)``'s `html`,
    /// without the fragment's slots and frame, for pages written in one buffer.
    /// - Parameter header: the author's header, `AuthorHeader(item.message.author, context: context)`
    ///   (cached by the caller).
    func write(_ item: LaidOutMessage, header: AuthorHeader, into writer: inout HTMLWriter) {
        let parts = MessageSlots(context: context).render(item.message)
        let elementID = DOMID.message(item.message.id.rawValue)
        context.templates[.message].render(
            values(item, elementID: elementID, classes: Self.classes(item), header: header, parts: parts), into: &writer)
    }

    /// The `message` template's values, by slot index.
    private func values(
        _ item: LaidOutMessage, elementID: String, classes: String, header: AuthorHeader, parts: [SafeHTML]
    ) -> SlotValues {
        let slots = context.templates.messageSlots
        let timestamp = item.message.timestamp
        let local = context.clock.localTime(timestamp)
        var values = SlotValues(count: slots.count)
        values[slots.classes] = .text(classes)
        values[slots.id] = .text(elementID)
        values[slots.authorID] = .text(header.authorID)
        values[slots.avatarClass] = .text(header.avatarClass)
        values[slots.initials] = .text(header.initials)
        values[slots.avatarImage] = .html(header.avatarImage)
        values[slots.authorClass] = .text(header.authorClass)
        values[slots.author] = .text(header.name)
        values[slots.badge] = .text(header.badge)
        values[slots.botBadge] = .html(item.message.viaBot.map { SafeHTML.joined([Self.via($0), header.botBadge]) } ?? header.botBadge)
        values[slots.permalink] = .text("#" + elementID)
        values[slots.fullTime] = .text(DateText.fullTime(local, zone: context.clock.name))
        values[slots.datetime] = .text(timestamp.description)
        values[slots.time] = .text(DateText.shortTime(local))
        for (index, fragment) in zip(slots.parts, parts) { values[index] = .html(fragment) }
        return values
    }

    /// `via @gif` after the author's name, as Telegram shows a message sent through an inline bot,
    /// and a space.
    static func via(_ bot: String) -> SafeHTML {
        var writer = HTMLWriter()
        writer.open("span", [("class", .text("msg-via"))])
        writer.text("via ")
        writer.open("bdi")
        writer.text(bot)
        writer.close("bdi")
        writer.close("span")
        writer.text(" ")
        return writer.fragment
    }

    /// `pos-first`, then `kind-…` for any kind but `default` (`kind-deleted` for a message deleted
    /// on the platform), and `msg-system`, `msg-outgoing` (a message the exporter sent: on the end
    /// side), `msg-pinned` and `msg-bot` where they apply.
    static func classes(_ item: LaidOutMessage) -> String {
        var classes = ["pos-\(item.position.rawValue)"]
        if item.message.kind != .default { classes.append("kind-\(item.message.kind.rawValue)") }
        if item.message.kind.isSystem { classes.append("msg-system") }
        if item.message.isOutgoing == true { classes.append("msg-outgoing") }
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
