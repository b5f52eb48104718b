extension SnapshotDiffer {
    /// Classifies each new item as inserted, staying, moved within its section or moved across sections,
    /// keeping a longest increasing subsequence of each section's survivors in place.
    ///
    /// An item is first compared (`==`) with the old item that follows the previous survivor of its section;
    /// only when they differ is it looked up in the old snapshot's table, so a change costs a few hashes and
    /// the unchanged runs between changes none.
    @inlinable
    mutating func placeItems() {
        // The hot loop works on locals (arrays moved out of `self`) to avoid uniqueness checks and retains.
        let oldPositions = old.itemPositions
        let oldSections = old.sections
        let newSectionOfOld = newSectionOfOld
        var matched = ContiguousArray<Bool>()
        swap(&matched, &self.matched)
        defer { swap(&matched, &self.matched) }
        var placements = changeset.itemPlacements
        changeset.itemPlacements = []
        defer { changeset.itemPlacements = placements }
        var origins = ContiguousArray<Int>()
        var survivorOldIndices = ContiguousArray<Int>()
        for (sectionIndex, record) in new.sections.enumerated() {
            let oldSection = oldSectionOfNew[sectionIndex]
            let oldItems = oldSection < 0 ? [] : oldSections[oldSection].items
            var expected = 0
            origins.removeAll(keepingCapacity: true)
            survivorOldIndices.removeAll(keepingCapacity: true)
            for (index, item) in record.items.enumerated() {
                var from = PackedItemPosition(section: oldSection, item: expected)
                if expected == oldItems.count || oldItems[expected] != item {
                    guard let found = oldPositions[item], newSectionOfOld[found.section] >= 0 else {
                        origins.append(-1)
                        continue
                    }
                    from = found
                }
                origins.append(from.section)
                matched[oldOffsets[from.section] + from.item] = true
                if from.section == oldSection {
                    survivorOldIndices.append(from.item)
                    expected = from.item + 1
                }
                if oldSections[from.section].versions[from.item] != record.versions[index] {
                    changedVersions.append(ItemPosition(section: sectionIndex, item: index))
                }
            }
            let stays = LongestIncreasingSubsequence.membership(of: survivorOldIndices)
            var survivor = 0
            var previous: ItemID?
            for (index, item) in record.items.enumerated() {
                let origin = origins[index]
                var kind: ItemPlacement<SectionID, ItemID>.Kind?
                if origin < 0 {
                    kind = .insert
                } else if origin == oldSection {
                    kind = stays[survivor] ? nil : .move
                    survivor += 1
                } else {
                    kind = .moveFromSection(oldSections[origin].id)
                }
                if let kind {
                    placements.append(
                        ItemPlacement(
                            item: item, section: record.id, after: previous, kind: kind,
                            contentVersion: record.versions[index]))
                }
                previous = item
            }
        }
    }

    /// Lists reloads (marked) and reconfigures (content version changed, or marked) of surviving items.
    @inlinable
    mutating func updateItems() {
        let reloads = markedSurvivors(new.reloadMarks)
        var reconfigures = changedVersions
        if !new.reconfigureMarks.isEmpty || !reloads.isEmpty {
            let reloaded = Set(reloads)
            reconfigures = Array(Set(reconfigures + markedSurvivors(new.reconfigureMarks)).subtracting(reloaded))
            reconfigures.sort()
        }
        changeset.reloadedItems = reloads.map(update(at:))
        changeset.reconfiguredItems = reconfigures.map(update(at:))
    }

    @inlinable
    func markedSurvivors(_ marks: Set<ItemID>) -> [ItemPosition] {
        marks.compactMap { item in
            survivingPosition(of: item) == nil ? nil : new.itemPositions[item]?.unpacked
        }.sorted()
    }

    @inlinable
    func update(at position: ItemPosition) -> ItemUpdate<ItemID> {
        let record = new.sections[position.section]
        return ItemUpdate(item: record.items[position.item], contentVersion: record.versions[position.item])
    }
}
