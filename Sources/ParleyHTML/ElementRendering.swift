/// An element as rendered (a message's `<article>`): the whole element, plus the parts a later
/// change may touch.
///
/// The message renderer makes one per message; the DOM-patch emitter keeps the last one of each
/// item and compares old and new slot by slot and attribute by attribute, so an edit travels as
/// one slot update instead of a re-rendered element.
public struct ElementRendering: Hashable, Sendable {
    /// The element's DOM id.
    public var elementID: String
    /// Attributes of the element that may change (`class`), name → value.
    public var attributes: [String: String]
    /// The slots present in the element (`data-slot`: `reply`, `text`, `edited`, `attachments`,
    /// `embeds`, `stickers`, `reactions`), name → the slot's inner HTML, never empty: a slot
    /// without content is not written, and is not here.
    public var slots: [String: SafeHTML]
    /// The element's slot elements in document order, present or not, and how to write one (for
    /// a patch that creates a slot).
    public var slotLayout: SlotLayout
    /// The whole element (outer HTML).
    public var html: SafeHTML
    /// A hash of everything outside the slots and the listed attributes; when old and new
    /// differ, the emitter replaces the element instead of patching parts of it.
    public var frame: Int

    /// An element with id `elementID`, its changeable `attributes`, its present `slots` (empty
    /// ones are dropped) laid out as `slotLayout`, its outer `html` and the hash of the rest (`frame`).
    public init(
        elementID: String, attributes: [String: String], slots: [String: SafeHTML], slotLayout: SlotLayout, html: SafeHTML,
        frame: Int = 0
    ) {
        self.elementID = elementID
        self.attributes = attributes
        self.slots = slots.filter { !$0.value.isEmpty }
        self.slotLayout = slotLayout
        self.html = html
        self.frame = frame
    }
}
