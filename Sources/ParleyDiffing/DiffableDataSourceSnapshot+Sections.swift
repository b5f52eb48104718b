extension DiffableDataSourceSnapshot {
    /// Adds empty sections at the end, in the order given.
    ///
    /// - Parameter identifiers: The new section identifiers.
    /// - Throws: ``DiffingError/duplicateSection(_:)`` when an identifier is already a section or repeats.
    /// - Complexity: O(k) for k new sections.
    @inlinable
    public mutating func appendSections(_ identifiers: [SectionID]) throws(DiffingError) {
        try insertSectionRecords(identifiers, at: sections.count)
    }

    /// Inserts empty sections just before an existing section.
    ///
    /// - Parameters:
    ///   - identifiers: The new section identifiers, in order.
    ///   - anchor: The section the new ones go before.
    /// - Throws: ``DiffingError/unknownSection(_:)`` for an unknown anchor,
    ///   ``DiffingError/duplicateSection(_:)`` for an identifier already present or repeated.
    /// - Complexity: O(k) plus O(items of the sections after the anchor), which are re-indexed.
    public mutating func insertSections(_ identifiers: [SectionID], beforeSection anchor: SectionID)
        throws(DiffingError)
    {
        try insertSectionRecords(identifiers, at: try index(ofKnownSection: anchor))
    }

    /// Inserts empty sections just after an existing section.
    ///
    /// - Parameters:
    ///   - identifiers: The new section identifiers, in order.
    ///   - anchor: The section the new ones go after.
    /// - Throws: ``DiffingError/unknownSection(_:)`` for an unknown anchor,
    ///   ``DiffingError/duplicateSection(_:)`` for an identifier already present or repeated.
    /// - Complexity: O(k) plus O(items of the sections after the anchor), which are re-indexed.
    public mutating func insertSections(_ identifiers: [SectionID], afterSection anchor: SectionID) throws(DiffingError) {
        try insertSectionRecords(identifiers, at: try index(ofKnownSection: anchor) + 1)
    }

    /// Deletes sections together with the items they hold (and those items' reload and reconfigure marks).
    ///
    /// - Parameter identifiers: The sections to delete; repeating one is harmless.
    /// - Throws: ``DiffingError/unknownSection(_:)`` when a section is not in the snapshot.
    /// - Complexity: O(items of the deleted sections and of the sections after the first deleted one).
    @inlinable
    public mutating func deleteSections(_ identifiers: [SectionID]) throws(DiffingError) {
        var doomed = Set<Int>()
        for section in identifiers { doomed.insert(try index(ofKnownSection: section)) }
        guard let first = doomed.min() else { return }
        for index in doomed {
            let record = sections[index]
            sectionIndices[record.id] = nil
            for item in record.items { itemPositions[item] = nil }
            forgetMarks(of: record.items)
        }
        var kept = ContiguousArray<SectionRecord<SectionID, ItemID>>()
        kept.reserveCapacity(sections.count - doomed.count)
        for (index, record) in sections.enumerated() where !doomed.contains(index) { kept.append(record) }
        sections = kept
        reindexSections(first..<sections.count)
    }

    /// Moves a section, with its items, just before another section.
    ///
    /// Moving a section before itself changes nothing.
    ///
    /// - Throws: ``DiffingError/unknownSection(_:)`` when either section is not in the snapshot.
    /// - Complexity: O(items of the sections between the two places), which are re-indexed.
    public mutating func moveSection(_ section: SectionID, beforeSection anchor: SectionID) throws(DiffingError) {
        let from = try index(ofKnownSection: section)
        let to = try index(ofKnownSection: anchor)
        moveSectionRecord(from: from, to: from < to ? to - 1 : to)
    }

    /// Moves a section, with its items, just after another section.
    ///
    /// Moving a section after itself changes nothing.
    ///
    /// - Throws: ``DiffingError/unknownSection(_:)`` when either section is not in the snapshot.
    /// - Complexity: O(items of the sections between the two places), which are re-indexed.
    public mutating func moveSection(_ section: SectionID, afterSection anchor: SectionID) throws(DiffingError) {
        let from = try index(ofKnownSection: section)
        let to = try index(ofKnownSection: anchor)
        moveSectionRecord(from: from, to: from <= to ? to : to + 1)
    }

    /// Marks every item of the given sections to be reloaded by the next apply (sections themselves carry no
    /// fragment in Parley, so reloading a section means reloading its items).
    ///
    /// - Throws: ``DiffingError/unknownSection(_:)`` when a section is not in the snapshot.
    /// - Complexity: O(items of the sections).
    public mutating func reloadSections(_ identifiers: [SectionID]) throws(DiffingError) {
        var indices: [Int] = []
        for section in identifiers { indices.append(try index(ofKnownSection: section)) }
        for index in indices { reloadMarks.formUnion(sections[index].items) }
    }

    mutating func moveSectionRecord(from: Int, to: Int) {
        guard from != to else { return }
        let record = sections.remove(at: from)
        sections.insert(record, at: to)
        reindexSections(min(from, to)..<(max(from, to) + 1))
    }
}
