/// What a ``DiffableDataSource`` drives: a DOM-patch emitter, a recording target in tests, or any future view.
///
/// The counterpart of the `UICollectionView` that Apple's `UICollectionViewDiffableDataSource` and
/// `ChatLayoutDiffableDataSource` update. The data source calls one of these methods per apply, from inside
/// its serial queue — never two at once, always in the order the applies were issued — on whichever thread
/// issued the apply being run.
public protocol DiffableDataSourceTarget<SectionID, ItemID, Fragment>: Sendable {
    /// The section identifier type of the snapshots applied.
    associatedtype SectionID: Hashable & Sendable
    /// The item identifier type of the snapshots applied.
    associatedtype ItemID: Hashable & Sendable
    /// What the fragment provider renders for one item (an HTML fragment, a view model, a test string…).
    associatedtype Fragment

    /// Applies the differences from the previously applied snapshot to the new one.
    ///
    /// - Parameters:
    ///   - changeset: The operations, in the one-pass order documented on ``Changeset``.
    ///   - fragments: One fragment per inserted, reloaded and reconfigured item, keyed by item identifier;
    ///     moved items keep their existing rendering and have none.
    ///   - animatingDifferences: Whether the caller asked for the changes to be animated.
    func performUpdates(
        _ changeset: Changeset<SectionID, ItemID>, fragments: [ItemID: Fragment], animatingDifferences: Bool)

    /// Replaces everything with a snapshot, without a diff.
    ///
    /// A target that keeps `snapshot` shares its storage with the data source: the next incremental apply
    /// then copies it once (copy-on-write), in O(n).
    ///
    /// - Parameters:
    ///   - snapshot: The new snapshot.
    ///   - fragments: The fragments of all items, one array per section, in snapshot order.
    func reloadData(_ snapshot: DiffableDataSourceSnapshot<SectionID, ItemID>, fragments: [[Fragment]])
}
