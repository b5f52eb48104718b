extension DiffableDataSourceSnapshot {
    /// Appends items to the end of a section and reconfigures others, in place, returning the changeset a
    /// full diff would give — the live-chat path: one streamed token costs O(changed items), not O(n).
    ///
    /// The result equals `Changeset(from: before, to: after)` where `after` is `before` with its marks
    /// cleared, the items appended, the new content versions set and the updated items marked with
    /// `reconfigureItems`: inserts anchored after the previous last item of the section, then the
    /// reconfigures in snapshot order (an appended item that is also reconfigured is simply inserted with
    /// its latest version). The snapshot's reload and reconfigure marks are cleared.
    ///
    /// Mutate a uniquely referenced snapshot: if a copy shares its storage, copy-on-write duplicates the
    /// affected arrays and dictionaries once, which is O(n).
    ///
    /// - Parameters:
    ///   - identifiers: The new item identifiers, appended in order.
    ///   - contentVersions: One content version per new item, or `nil` for ``ContentVersion/initial``.
    ///   - section: The section to append to, or `nil` for the last section.
    ///   - updates: Items to reconfigure with their new content versions; when an item repeats, its last
    ///     version wins.
    /// - Returns: The changeset from the snapshot before the call to the snapshot after it.
    /// - Throws: The errors of ``appendItems(_:contentVersions:toSection:)``, and
    ///   ``DiffingError/unknownItem(_:)`` when an updated item is neither in the snapshot nor appended. On
    ///   error the snapshot is unchanged.
    /// - Complexity: O(k + u log u) for k appended and u updated items, with one hash per identifier.
    @inlinable
    package mutating func update(
        appending identifiers: [ItemID],
        contentVersions: [ContentVersion]? = nil,
        toSection section: SectionID? = nil,
        reconfiguring updates: [ItemUpdate<ItemID>] = []
    ) throws(DiffingError) -> Changeset<SectionID, ItemID> {
        let sectionIndex = try index(ofAppendTarget: section)
        let versions = try versions(contentVersions, count: identifiers.count)
        let start = sections[sectionIndex].items.count
        try register(identifiers, section: sectionIndex, from: start)
        var updated: [(position: ItemPosition, offset: Int)] = []
        for (offset, update) in updates.enumerated() {
            guard let position = itemPositions[update.item]?.unpacked else {
                for item in identifiers { itemPositions[item] = nil }
                throw .unknownItem(String(describing: update.item))
            }
            updated.append((position, offset))
        }
        sections[sectionIndex].items.append(contentsOf: identifiers)
        sections[sectionIndex].versions.append(contentsOf: versions)
        updated.sort { ($0.position, $0.offset) < ($1.position, $1.offset) }
        for (position, offset) in updated {
            sections[position.section].versions[position.item] = updates[offset].contentVersion
        }
        clearMarks()
        return appendedChangeset(section: sectionIndex, from: start, updated: updated.map(\.position))
    }

    @inlinable
    func appendedChangeset(section: Int, from start: Int, updated: [ItemPosition]) -> Changeset<
        SectionID, ItemID
    > {
        var changeset = Changeset<SectionID, ItemID>()
        let record = sections[section]
        var previous = start > 0 ? record.items[start - 1] : nil
        for index in start..<record.items.count {
            let item = record.items[index]
            changeset.itemPlacements.append(
                ItemPlacement(
                    item: item, section: record.id, after: previous, kind: .insert,
                    contentVersion: record.versions[index]))
            previous = item
        }
        var last: ItemPosition?
        for position in updated where position != last && (position.section != section || position.item < start) {
            let record = sections[position.section]
            changeset.reconfiguredItems.append(
                ItemUpdate(item: record.items[position.item], contentVersion: record.versions[position.item]))
            last = position
        }
        return changeset
    }
}
