extension DiffableDataSourceSnapshot {
    /// Moves an item just before another item, into that item's section if it is another one.
    ///
    /// The item keeps its content version and its marks. Moving an item before itself changes nothing.
    ///
    /// - Throws: ``DiffingError/unknownItem(_:)`` when either item is not in the snapshot.
    /// - Complexity: O(items after the two places in their sections), which are re-indexed.
    public mutating func moveItem(_ item: ItemID, beforeItem anchor: ItemID) throws(DiffingError) {
        try moveItem(item, nextTo: anchor, offset: 0)
    }

    /// Moves an item just after another item, into that item's section if it is another one.
    ///
    /// The item keeps its content version and its marks. Moving an item after itself changes nothing.
    ///
    /// - Throws: ``DiffingError/unknownItem(_:)`` when either item is not in the snapshot.
    /// - Complexity: O(items after the two places in their sections), which are re-indexed.
    public mutating func moveItem(_ item: ItemID, afterItem anchor: ItemID) throws(DiffingError) {
        try moveItem(item, nextTo: anchor, offset: 1)
    }

    private mutating func moveItem(_ item: ItemID, nextTo anchor: ItemID, offset: Int) throws(DiffingError) {
        let from = try position(ofKnownItem: item)
        _ = try position(ofKnownItem: anchor)
        guard item != anchor else { return }
        let (_, version) = removeItemRecord(at: from)
        let target = try position(ofKnownItem: anchor)
        try insertItemRecords([item], versions: [version], section: target.section, at: target.item + offset)
    }

    /// Moves an item to an index of a section; used to apply changesets ("first in section").
    mutating func moveItem(_ item: ItemID, toSection section: Int, at index: Int) throws(DiffingError) {
        let (_, version) = removeItemRecord(at: try position(ofKnownItem: item))
        try insertItemRecords([item], versions: [version], section: section, at: index)
    }
}
