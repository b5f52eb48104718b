extension DiffableDataSourceSnapshot {
    /// Returns the snapshot obtained by replaying a changeset literally, operation by operation, in the
    /// one-pass order documented on ``Changeset`` — the way a DOM applies it.
    ///
    /// For a changeset computed by `Changeset(from: old, to: new)`, `old.applying(changeset) == new`. The
    /// result carries no reload or reconfigure marks (the changeset consumed them).
    ///
    /// - Parameter changeset: A changeset whose deletes, anchors and moves refer to this snapshot.
    /// - Returns: The new snapshot.
    /// - Throws: ``DiffingError/unknownItem(_:)`` or ``DiffingError/unknownSection(_:)`` for a deleted,
    ///   moved, updated or anchor identifier that is not there when its operation runs;
    ///   ``DiffingError/duplicateItem(_:)`` or ``DiffingError/duplicateSection(_:)`` for an inserted one
    ///   that already is.
    /// - Complexity: O(k) operations, each re-indexing the items after its place in its section (a section
    ///   placement re-indexes the sections it shifts).
    package func applying(_ changeset: Changeset<SectionID, ItemID>) throws(DiffingError) -> Self {
        var result = self
        result.clearMarks()
        try result.deleteItems(changeset.deletedItems)
        try result.deleteSections(changeset.deletedSections)
        for placement in changeset.sectionPlacements {
            var index = 0
            if let anchor = placement.after { index = try result.index(ofKnownSection: anchor) + 1 }
            switch placement.kind {
            case .insert:
                try result.insertSectionRecords([placement.section], at: index)
            case .move:
                let from = try result.index(ofKnownSection: placement.section)
                result.moveSectionRecord(from: from, to: from < index ? index - 1 : index)
            }
        }
        for placement in changeset.itemPlacements {
            try result.place(placement)
        }
        for update in changeset.reconfiguredItems + changeset.reloadedItems {
            try result.updateContentVersion(update.contentVersion, ofItem: update.item)
        }
        return result
    }

    private mutating func place(_ placement: ItemPlacement<SectionID, ItemID>) throws(DiffingError) {
        if placement.kind != .insert {
            let from = try position(ofKnownItem: placement.item)
            var origin = placement.section
            if case .moveFromSection(let section) = placement.kind { origin = section }
            guard sections[from.section].id == origin else { throw .unknownItem(String(describing: placement.item)) }
            _ = removeItemRecord(at: from)
        }
        try insertPlaced(placement)
    }

    private mutating func insertPlaced(_ placement: ItemPlacement<SectionID, ItemID>) throws(DiffingError) {
        let section = try index(ofKnownSection: placement.section)
        var index = 0
        if let anchor = placement.after {
            let position = try position(ofKnownItem: anchor)
            guard position.section == section else { throw .unknownItem(String(describing: anchor)) }
            index = position.item + 1
        }
        try insertItemRecords([placement.item], versions: [placement.contentVersion], section: section, at: index)
    }
}
