/// The working state of one ``Changeset/init(from:to:)`` computation, with integer section indices
/// throughout so that identifiers are hashed only to match them.
@usableFromInline
struct SnapshotDiffer<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
    @usableFromInline
    typealias Snapshot = DiffableDataSourceSnapshot<SectionID, ItemID>

    @usableFromInline let old: Snapshot
    @usableFromInline let new: Snapshot
    /// For each new section, its index in `old`, or -1 when it is inserted.
    @usableFromInline var oldSectionOfNew: ContiguousArray<Int>
    /// For each old section, its index in `new`, or -1 when it is deleted.
    @usableFromInline var newSectionOfOld: ContiguousArray<Int>
    /// Positions in `new` of the items present in both snapshots whose content version changed, in order.
    /// For each old section, the offset of its first item in `matched`.
    @usableFromInline var oldOffsets: ContiguousArray<Int>
    /// For each old item (section after section), whether it was found in `new`; the rest are deleted.
    @usableFromInline var matched: ContiguousArray<Bool>
    @usableFromInline var changedVersions: [ItemPosition]
    @usableFromInline var changeset: Changeset<SectionID, ItemID>

    @inlinable
    init(old: Snapshot, new: Snapshot) {
        self.old = old
        self.new = new
        changedVersions = []
        oldOffsets = ContiguousArray(repeating: 0, count: old.sections.count)
        var offset = 0
        for (index, record) in old.sections.enumerated() {
            oldOffsets[index] = offset
            offset += record.items.count
        }
        matched = ContiguousArray(repeating: false, count: offset)
        changeset = Changeset()
        oldSectionOfNew = ContiguousArray(repeating: -1, count: new.sections.count)
        newSectionOfOld = ContiguousArray(repeating: -1, count: old.sections.count)
        for (index, record) in new.sections.enumerated() {
            guard let oldIndex = old.sectionIndices[record.id] else { continue }
            oldSectionOfNew[index] = oldIndex
            newSectionOfOld[oldIndex] = index
        }
    }

    @inlinable
    mutating func diffSections() {
        for (index, record) in old.sections.enumerated() where newSectionOfOld[index] < 0 {
            changeset.deletedSections.append(record.id)
        }
        let stays = LongestIncreasingSubsequence.membership(of: oldSectionOfNew.filter { $0 >= 0 })
        var survivor = 0
        var previous: SectionID?
        for (index, record) in new.sections.enumerated() {
            var kind: SectionPlacement<SectionID>.Kind? = .insert
            if oldSectionOfNew[index] >= 0 {
                kind = stays[survivor] ? nil : .move
                survivor += 1
            }
            if let kind {
                changeset.sectionPlacements.append(SectionPlacement(section: record.id, after: previous, kind: kind))
            }
            previous = record.id
        }
    }

    @inlinable
    mutating func deleteItems() {
        for (index, record) in old.sections.enumerated() where newSectionOfOld[index] >= 0 {
            let offset = oldOffsets[index]
            for (position, item) in record.items.enumerated() where !matched[offset + position] {
                changeset.deletedItems.append(item)
            }
        }
    }

    /// The position in `old` of an item that survives (its old section survives too), or `nil`.
    @inlinable
    func survivingPosition(of item: ItemID) -> ItemPosition? {
        guard let position = old.itemPositions[item], newSectionOfOld[position.section] >= 0 else { return nil }
        return position.unpacked
    }
}
