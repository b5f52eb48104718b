/// The differences between two snapshots, as operations a DOM applies in one pass, in this order:
///
/// 1. ``deletedItems``: items removed from sections that survive (items of deleted sections go with them);
/// 2. ``deletedSections``: sections removed with every item they still hold;
/// 3. ``sectionPlacements``: sections inserted (empty) or moved (with their items), in final order, each
///    anchored after the section that precedes it in the new snapshot, or first;
/// 4. ``itemPlacements``: items inserted or moved, in final order (section by section), each anchored after
///    the item that precedes it in its new section, or first in it — so every anchor already stands at its
///    final place when it is used;
/// 5. ``reconfiguredItems`` then ``reloadedItems``: items updated in place or replaced, in final order.
///
/// Identity is matched in linear time with a symbol table (Heckel 1978, "A technique for isolating
/// differences between files", as in DifferenceKit and IGListKit); within each section the minimum set of
/// moves is the complement of a longest increasing subsequence found by patience sorting, O(n log n).
/// Items that change section are moves of their own kind. An item that leaves a deleted section is an
/// insert, because its element went away with the section — UIKit likewise forbids moves out of deleted
/// sections. A ``DiffableDataSource`` computes one per apply and hands it to its target's
/// ``DiffableDataSourceTarget/performUpdates(_:fragments:animatingDifferences:)``; ``init(from:to:)`` computes
/// the same changeset from two snapshots directly.
public struct Changeset<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Hashable, Sendable {
    /// Items deleted from sections that survive, in old order.
    public var deletedItems: [ItemID]
    /// Sections deleted with the items they still hold, in old order.
    public var deletedSections: [SectionID]
    /// Sections inserted or moved, in final order.
    public var sectionPlacements: [SectionPlacement<SectionID>]
    /// Items inserted or moved, in final order.
    public var itemPlacements: [ItemPlacement<SectionID, ItemID>]
    /// Items reconfigured in place (content version changed, or marked), with their new versions, in final order.
    public var reconfiguredItems: [ItemUpdate<ItemID>]
    /// Items reloaded (marked with `reloadItems` or `reloadSections`), with their new versions, in final order.
    public var reloadedItems: [ItemUpdate<ItemID>]

    /// Creates a changeset from its parts; each defaults to empty.
    @inlinable
    package init(
        deletedItems: [ItemID] = [],
        deletedSections: [SectionID] = [],
        sectionPlacements: [SectionPlacement<SectionID>] = [],
        itemPlacements: [ItemPlacement<SectionID, ItemID>] = [],
        reconfiguredItems: [ItemUpdate<ItemID>] = [],
        reloadedItems: [ItemUpdate<ItemID>] = []
    ) {
        self.deletedItems = deletedItems
        self.deletedSections = deletedSections
        self.sectionPlacements = sectionPlacements
        self.itemPlacements = itemPlacements
        self.reconfiguredItems = reconfiguredItems
        self.reloadedItems = reloadedItems
    }

    /// Whether the two snapshots compared were equal and nothing was marked.
    public var isEmpty: Bool {
        deletedItems.isEmpty && deletedSections.isEmpty && sectionPlacements.isEmpty && itemPlacements.isEmpty
            && reconfiguredItems.isEmpty && reloadedItems.isEmpty
    }

    /// The number of items moved within their section.
    package var itemMovesWithinSections: Int {
        itemPlacements.count { $0.kind == .move }
    }

    /// The number of items moved from one section to another.
    package var itemMovesAcrossSections: Int {
        itemPlacements.count { if case .moveFromSection = $0.kind { true } else { false } }
    }

    /// The number of items inserted.
    package var itemInserts: Int {
        itemPlacements.count { $0.kind == .insert }
    }

    /// The number of sections moved.
    package var sectionMoves: Int {
        sectionPlacements.count { $0.kind == .move }
    }
}
