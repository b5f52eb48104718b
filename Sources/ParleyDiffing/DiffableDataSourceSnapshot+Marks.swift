extension DiffableDataSourceSnapshot {
    /// Marks items to be reloaded by the next apply: their fragments are requested again and replace the old
    /// ones, whether or not their content version changed. A reload supersedes a reconfigure of the same item.
    ///
    /// - Throws: ``DiffingError/unknownItem(_:)`` when an item is not in the snapshot (nothing is marked).
    /// - Complexity: O(k).
    public mutating func reloadItems(_ identifiers: [ItemID]) throws(DiffingError) {
        for item in identifiers { _ = try position(ofKnownItem: item) }
        reloadMarks.formUnion(identifiers)
    }

    /// Marks items to be reconfigured by the next apply — updated in place, as Apple's `reconfigureItems`
    /// does — whether or not their content version changed.
    ///
    /// - Throws: ``DiffingError/unknownItem(_:)`` when an item is not in the snapshot (nothing is marked).
    /// - Complexity: O(k).
    public mutating func reconfigureItems(_ identifiers: [ItemID]) throws(DiffingError) {
        for item in identifiers { _ = try position(ofKnownItem: item) }
        reconfigureMarks.formUnion(identifiers)
    }

    /// Sets the content version of an item; the next diff reconfigures the item if the version differs from
    /// the one in the snapshot it is compared with.
    ///
    /// - Throws: ``DiffingError/unknownItem(_:)`` when the item is not in the snapshot.
    /// - Complexity: O(1) on average.
    public mutating func updateContentVersion(_ version: ContentVersion, ofItem item: ItemID) throws(DiffingError) {
        let position = try position(ofKnownItem: item)
        sections[position.section].versions[position.item] = version
    }

    /// The items marked with ``reloadItems(_:)`` or ``reloadSections(_:)``, in snapshot order.
    ///
    /// - Complexity: O(k log k) for k marked items.
    public var reloadedItemIdentifiers: [ItemID] {
        inSnapshotOrder(reloadMarks)
    }

    /// The items marked with ``reconfigureItems(_:)``, in snapshot order.
    ///
    /// - Complexity: O(k log k) for k marked items.
    public var reconfiguredItemIdentifiers: [ItemID] {
        inSnapshotOrder(reconfigureMarks)
    }

    private func inSnapshotOrder(_ items: Set<ItemID>) -> [ItemID] {
        items.compactMap { item in itemPositions[item].map { (item, $0.unpacked) } }
            .sorted { $0.1 < $1.1 }
            .map(\.0)
    }
}
