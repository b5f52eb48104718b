extension Changeset {
    /// Computes the changeset that turns one snapshot into another.
    ///
    /// Identity: each snapshot already holds a symbol table from item identifier to position (Heckel 1978),
    /// so matching a new item costs at most one hash lookup in the old snapshot's table — none when it is the
    /// old item that follows the previous match in its section (one `==`), as throughout the unchanged runs
    /// between changes; old items never matched are the deletes. Order:
    /// per section, the survivors (items in both snapshots, in the same section) whose old indices form a
    /// longest increasing subsequence stay; the others are moves — the minimum number. Sections are matched
    /// and ordered the same way. Equality: an item present in both whose ``ContentVersion`` differs is
    /// reconfigured; items marked in `new` with `reconfigureItems` / `reloadItems` are reconfigured / reloaded
    /// regardless (a reload supersedes a reconfigure; marks on inserted items are moot). Marks in `old` are
    /// ignored.
    ///
    /// - Parameters:
    ///   - old: The snapshot currently shown.
    ///   - new: The snapshot to show.
    /// - Complexity: O(n + m log m) for n items and m survivors of the largest section, with at most one hash
    ///   and one extra `==` per identifier of `new` (no hash in unchanged runs), plus one hash per mark, and no
    ///   hashing of `old`.
    @inlinable
    public init(
        from old: DiffableDataSourceSnapshot<SectionID, ItemID>, to new: DiffableDataSourceSnapshot<SectionID, ItemID>
    ) {
        var differ = SnapshotDiffer(old: old, new: new)
        differ.diffSections()
        differ.placeItems()
        differ.deleteItems()
        differ.updateItems()
        self = differ.changeset
    }
}
