import ParleyHTML

/// An item as rendered: the whole element, plus the parts a change may touch.
///
/// The fragment provider hands one to the ``PatchEmitter`` for each inserted, reloaded and
/// reconfigured item; the emitter keeps the last one of each item and compares old and new
/// slot by slot and attribute by attribute.
public struct ElementRendering: Hashable, Sendable {
    /// The element's DOM id.
    public var elementID: String
    /// Attributes of the element that may change (e.g. `class`), name → value.
    public var attributes: [String: String]
    /// Slot name (`data-slot`) → the slot's inner HTML.
    public var slots: [String: SafeHTML]
    /// The whole element (outer HTML).
    public var html: SafeHTML
    /// A hash of everything outside the slots and the listed attributes; when old and new
    /// differ, the emitter replaces the element instead of patching parts of it.
    public var frame: Int

    public init(elementID: String, attributes: [String: String], slots: [String: SafeHTML], html: SafeHTML, frame: Int) {
        self.elementID = elementID
        self.attributes = attributes
        self.slots = slots
        self.html = html
        self.frame = frame
    }
}

/// A section container as rendered, split around where its items go.
public struct SectionRendering: Hashable, Sendable {
    /// The section element's DOM id.
    public var elementID: String
    /// Everything before the items: the opening tag and the heading.
    public var opening: SafeHTML
    /// Everything after the items: the closing tag.
    public var closing: SafeHTML

    public init(elementID: String, opening: SafeHTML, closing: SafeHTML) {
        self.elementID = elementID
        self.opening = opening
        self.closing = closing
    }

    /// The section holding `items` (outer HTML).
    public func html(items: [SafeHTML] = []) -> SafeHTML { SafeHTML.joined([opening] + items + [closing]) }
}
