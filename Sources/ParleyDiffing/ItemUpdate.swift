/// An item reconfigured or reloaded by a ``Changeset``, with its content version in the new snapshot.
public struct ItemUpdate<ItemID: Hashable & Sendable>: Hashable, Sendable {
    /// The item updated.
    public var item: ItemID
    /// Its content version in the new snapshot.
    public var contentVersion: ContentVersion

    /// Creates an item update.
    @inlinable
    public init(item: ItemID, contentVersion: ContentVersion) {
        self.item = item
        self.contentVersion = contentVersion
    }
}
