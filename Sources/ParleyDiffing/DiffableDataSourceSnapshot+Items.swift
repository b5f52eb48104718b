extension DiffableDataSourceSnapshot {
    /// Adds items at the end of a section, in the order given.
    ///
    /// - Parameters:
    ///   - identifiers: The new item identifiers.
    ///   - contentVersions: One content version per item, or `nil` for ``ContentVersion/initial`` throughout.
    ///   - section: The section to append to, or `nil` for the last section (as in Apple's snapshot).
    /// - Throws: ``DiffingError/duplicateItem(_:)`` when an identifier is already in the snapshot or repeats;
    ///   ``DiffingError/unknownSection(_:)`` for an unknown section; ``DiffingError/noSections`` when `section`
    ///   is `nil` and there is no section; ``DiffingError/contentVersionCountMismatch(items:contentVersions:)``.
    /// - Complexity: O(k) for k items, one hash each: building a snapshot of n items this way is O(n).
    @inlinable
    public mutating func appendItems(
        _ identifiers: [ItemID], contentVersions: [ContentVersion]? = nil, toSection section: SectionID? = nil
    ) throws(DiffingError) {
        let index = try index(ofAppendTarget: section)
        let versions = try versions(contentVersions, count: identifiers.count)
        try insertItemRecords(identifiers, versions: versions, section: index, at: sections[index].items.count)
    }

    /// Inserts items just before an existing item, in its section.
    ///
    /// - Parameters:
    ///   - identifiers: The new item identifiers, in order.
    ///   - contentVersions: One content version per item, or `nil` for ``ContentVersion/initial`` throughout.
    ///   - anchor: The item the new ones go before.
    /// - Throws: ``DiffingError/unknownItem(_:)`` for an unknown anchor, ``DiffingError/duplicateItem(_:)``,
    ///   ``DiffingError/contentVersionCountMismatch(items:contentVersions:)``.
    /// - Complexity: O(k) plus O(items after the anchor in its section), which are re-indexed.
    public mutating func insertItems(
        _ identifiers: [ItemID], contentVersions: [ContentVersion]? = nil, beforeItem anchor: ItemID
    ) throws(DiffingError) {
        let position = try position(ofKnownItem: anchor)
        let versions = try versions(contentVersions, count: identifiers.count)
        try insertItemRecords(identifiers, versions: versions, section: position.section, at: position.item)
    }

    /// Inserts items just after an existing item, in its section.
    ///
    /// - Parameters:
    ///   - identifiers: The new item identifiers, in order.
    ///   - contentVersions: One content version per item, or `nil` for ``ContentVersion/initial`` throughout.
    ///   - anchor: The item the new ones go after.
    /// - Throws: ``DiffingError/unknownItem(_:)`` for an unknown anchor, ``DiffingError/duplicateItem(_:)``,
    ///   ``DiffingError/contentVersionCountMismatch(items:contentVersions:)``.
    /// - Complexity: O(k) plus O(items after the anchor in its section), which are re-indexed.
    public mutating func insertItems(
        _ identifiers: [ItemID], contentVersions: [ContentVersion]? = nil, afterItem anchor: ItemID
    ) throws(DiffingError) {
        let position = try position(ofKnownItem: anchor)
        let versions = try versions(contentVersions, count: identifiers.count)
        try insertItemRecords(identifiers, versions: versions, section: position.section, at: position.item + 1)
    }

    /// Deletes items wherever they are, with their reload and reconfigure marks.
    ///
    /// - Parameter identifiers: The items to delete; repeating one is harmless.
    /// - Throws: ``DiffingError/unknownItem(_:)`` when an item is not in the snapshot (nothing is deleted).
    /// - Complexity: O(k) plus O(items of each affected section from its first deleted item on).
    @inlinable
    public mutating func deleteItems(_ identifiers: [ItemID]) throws(DiffingError) {
        var doomed: [Int: Set<Int>] = [:]
        for item in identifiers {
            let position = try position(ofKnownItem: item)
            doomed[position.section, default: []].insert(position.item)
        }
        for (section, indices) in doomed {
            let removed = indices.sorted()
            for index in removed { itemPositions[sections[section].items[index]] = nil }
            Self.remove(removed, from: &sections[section].items)
            Self.remove(removed, from: &sections[section].versions)
            reindexItems(inSection: section, from: removed[0])
        }
        forgetMarks(of: identifiers)
    }

    /// Deletes every item, keeping the sections.
    ///
    /// - Complexity: O(number of items).
    public mutating func deleteAllItems() {
        for index in sections.indices {
            sections[index].items = []
            sections[index].versions = []
        }
        itemPositions = [:]
        clearMarks()
    }

    /// Removes the elements at the given ascending indices in one pass, shifting the rest down in place.
    @inlinable
    static func remove<Element>(_ removed: [Int], from array: inout ContiguousArray<Element>) {
        var write = removed[0]
        var next = 0
        for read in removed[0]..<array.count {
            if next < removed.count, removed[next] == read {
                next += 1
            } else {
                array[write] = array[read]
                write += 1
            }
        }
        array.removeLast(array.count - write)
    }

    @inlinable
    func index(ofAppendTarget section: SectionID?) throws(DiffingError) -> Int {
        if let section { return try index(ofKnownSection: section) }
        guard !sections.isEmpty else { throw .noSections }
        return sections.count - 1
    }
}
