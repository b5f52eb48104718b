import ParleyHTML

/// The `message` template's slots resolved to indices once per template set, so each message
/// fills a ``SlotValues`` array instead of a dictionary keyed by name. A slot a user's template
/// leaves out has a nil index and is not filled.
struct MessageTemplateSlots: Sendable {
    /// The number of distinct slots in the template.
    let count: Int
    let classes, id, authorID, avatarClass, initials, avatarImage, authorClass: Int?
    let author, badge, botBadge, permalink, fullTime, datetime, time: Int?
    /// The part slots, in ``MessageSlots/names`` order.
    let parts: [Int?]
    /// The template's slot elements (the parts a patch may create, change and remove).
    let layout: SlotLayout
    /// The slots outside a message's frame: the parts that stand in slot elements, and `classes`.
    /// A part outside a slot element is in the frame: a change there replaces the message.
    let frameExcluded: Set<Int>

    init(_ template: Template) {
        count = template.slotNames.count
        classes = template.slotIndex("classes")
        id = template.slotIndex("id")
        authorID = template.slotIndex("authorID")
        avatarClass = template.slotIndex("avatarClass")
        initials = template.slotIndex("initials")
        avatarImage = template.slotIndex("avatarImage")
        authorClass = template.slotIndex("authorClass")
        author = template.slotIndex("author")
        badge = template.slotIndex("badge")
        botBadge = template.slotIndex("botBadge")
        permalink = template.slotIndex("permalink")
        fullTime = template.slotIndex("fullTime")
        datetime = template.slotIndex("datetime")
        time = template.slotIndex("time")
        parts = MessageSlots.names.map(template.slotIndex)
        layout = template.slotLayout
        frameExcluded = Set((layout.names.map(template.slotIndex) + [classes]).compactMap { $0 })
    }
}
