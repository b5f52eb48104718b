/// Index maintenance shared by the public mutations: every primitive here keeps `sectionIndices` and
/// `itemPositions` exact, and throws before changing anything.
extension DiffableDataSourceSnapshot {
    @inlinable
    func index(ofKnownSection section: SectionID) throws(DiffingError) -> Int {
        guard let index = sectionIndices[section] else { throw .unknownSection(String(describing: section)) }
        return index
    }

    @inlinable
    func position(ofKnownItem item: ItemID) throws(DiffingError) -> ItemPosition {
        guard let position = itemPositions[item] else { throw .unknownItem(String(describing: item)) }
        return position.unpacked
    }

    @inlinable
    func versions(_ versions: [ContentVersion]?, count: Int) throws(DiffingError) -> [ContentVersion] {
        guard let versions else { return Array(repeating: .initial, count: count) }
        guard versions.count == count else {
            throw .contentVersionCountMismatch(items: count, contentVersions: versions.count)
        }
        return versions
    }

    /// Records new items at consecutive positions with one hash each; on a duplicate, restores the position it
    /// displaced, forgets the items just recorded and throws.
    ///
    /// `updateValue` rather than `subscript(_:default:)`: the default's autoclosure costs a heap allocation per
    /// item when the generic code is specialized in another module.
    @inlinable
    mutating func register(_ items: [ItemID], section: Int, from start: Int) throws(DiffingError) {
        itemPositions.reserveCapacity(itemPositions.count + items.count)
        for (offset, item) in items.enumerated() {
            let position = PackedItemPosition(section: section, item: start + offset)
            guard let displaced = itemPositions.updateValue(position, forKey: item) else { continue }
            itemPositions[item] = displaced
            for earlier in items[..<offset] { itemPositions[earlier] = nil }
            throw .duplicateItem(String(describing: item))
        }
    }

    @inlinable
    mutating func insertItemRecords(
        _ items: [ItemID], versions: [ContentVersion], section: Int, at index: Int
    ) throws(DiffingError) {
        try register(items, section: section, from: index)
        sections[section].items.insert(contentsOf: items, at: index)
        sections[section].versions.insert(contentsOf: versions, at: index)
        reindexItems(inSection: section, from: index + items.count)
    }

    mutating func removeItemRecord(at position: ItemPosition) -> (ItemID, ContentVersion) {
        let item = sections[position.section].items.remove(at: position.item)
        let version = sections[position.section].versions.remove(at: position.item)
        itemPositions[item] = nil
        reindexItems(inSection: position.section, from: position.item)
        return (item, version)
    }

    @inlinable
    mutating func reindexItems(inSection section: Int, from start: Int) {
        let items = sections[section].items
        for index in start..<items.count {
            itemPositions[items[index]] = PackedItemPosition(section: section, item: index)
        }
    }

    @inlinable
    mutating func insertSectionRecords(_ identifiers: [SectionID], at index: Int) throws(DiffingError) {
        var seen = Set<SectionID>()
        for section in identifiers where sectionIndices[section] != nil || !seen.insert(section).inserted {
            throw .duplicateSection(String(describing: section))
        }
        sections.insert(contentsOf: identifiers.map { SectionRecord(id: $0) }, at: index)
        reindexSections(index..<sections.count)
    }

    /// Re-records the section index of the given sections and of every item they hold.
    @inlinable
    mutating func reindexSections(_ range: Range<Int>) {
        for section in range {
            let record = sections[section]
            sectionIndices[record.id] = section
            for (index, item) in record.items.enumerated() {
                itemPositions[item] = PackedItemPosition(section: section, item: index)
            }
        }
    }

    @inlinable
    mutating func forgetMarks(of items: some Sequence<ItemID>) {
        guard !reloadMarks.isEmpty || !reconfigureMarks.isEmpty else { return }
        for item in items {
            reloadMarks.remove(item)
            reconfigureMarks.remove(item)
        }
    }

    @inlinable
    mutating func clearMarks() {
        if !reloadMarks.isEmpty { reloadMarks = [] }
        if !reconfigureMarks.isEmpty { reconfigureMarks = [] }
    }
}
