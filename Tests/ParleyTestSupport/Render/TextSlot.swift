import ParleyLayout
import ParleyModel
import ParleyRender

/// Renders one message through the public `MessageRenderer` and returns a slot's HTML, so the
/// format tables check exactly what pages contain.
package enum TextSlot {
    package static let templates: TemplateSet = try! TemplateSet.load()

    /// The directory the tables resolve mentions and emoji with.
    package static let directory = Directory(
        users: ["100000000000000001": "Avery", "U123": "Sam Sample", "42": "Bob"],
        channels: ["7": "general", "C1": "random"],
        roles: ["9": "Mods"],
        emoji: [
            "909107614120566886": CustomEmoji(name: "pepeheart", imageURL: "https://cdn.example/pepeheart.png"),
            "782589696621805568": CustomEmoji(name: "kekw", imageURL: "x_Files\\kekw.png"),
        ])

    package static func context(clock: ZoneClock = .utc) -> RenderContext {
        RenderContext(templates: templates, clock: clock, directory: directory)
    }

    package static func message(_ content: Content, id: String = "1") -> Message {
        Message(
            id: MessageID(id), channel: ChannelID("c"), author: Author(id: AuthorID("a"), name: "Avery"),
            timestamp: Timestamp(seconds: 1_700_000_000), content: content)
    }

    /// The HTML of slot `slot` of `message` rendered in `context` (empty when the slot is absent).
    package static func html(_ message: Message, slot: String = "text", context: RenderContext = context()) -> String {
        let item = LaidOutMessage(message: message, day: LocalDate(year: 2023, month: 11, day: 14), position: .only)
        return MessageRenderer(context: context).render(item).slots[slot]?.description ?? ""
    }

    package static func html(_ text: String, _ flavor: Content.Flavor, context: RenderContext = context()) -> String {
        html(message(Content(text: text, flavor: flavor)), context: context)
    }
}
