/// An item inserted or moved by a ``Changeset``, anchored after the item preceding it in its new section.
public struct ItemPlacement<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Hashable, Sendable {
    /// Whether the item is new, moved within its section, or moved from another section.
    public enum Kind: Hashable, Sendable {
        /// The item is new (or left a deleted section): its fragment is requested.
        case insert
        /// The item moves within its section.
        case move
        /// The item moves from the named section (which survives) to ``ItemPlacement/section``.
        case moveFromSection(SectionID)
    }

    /// The item inserted or moved.
    public var item: ItemID
    /// The section it goes to.
    public var section: SectionID
    /// The item it goes after, or `nil` to make it the first item of ``section``.
    public var after: ItemID?
    /// Insert, move within the section, or move from another section.
    public var kind: Kind
    /// The item's content version in the new snapshot.
    public var contentVersion: ContentVersion

    /// Creates an item placement.
    @inlinable
    package init(item: ItemID, section: SectionID, after: ItemID?, kind: Kind, contentVersion: ContentVersion) {
        self.item = item
        self.section = section
        self.after = after
        self.kind = kind
        self.contentVersion = contentVersion
    }
}
