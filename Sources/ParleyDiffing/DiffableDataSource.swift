import Synchronization

/// The controller that applies snapshots to a ``DiffableDataSourceTarget``: it diffs each new snapshot
/// against the last one applied, commits the application's models alongside, asks for the fragments of the
/// items that need rendering, and hands the changeset and fragments to the target.
///
/// Parley's counterpart of Apple's `UICollectionViewDiffableDataSource` and of `ChatLayoutDiffableDataSource`,
/// whose API it follows with a patch target instead of a `UICollectionView`.
///
/// Isolation: a `Sendable` final class whose state sits in a `Synchronization.Mutex`. Applies go through a
/// serial queue: they run one at a time, in the order they were issued (the order in which callers entered
/// `apply`), each diffed against the snapshot of the one before. The caller that finds the queue idle runs
/// it, on its own thread, until it is empty; a caller that finds it busy returns at once (or, in the `async`
/// forms, suspends until its apply ran). Closures therefore run on whichever thread runs the queue, hence
/// `@Sendable`; they may read the data source (its state is already the new snapshot) and may issue further
/// applies, which are queued behind the current one.
///
/// The commit contract (the synchronization point ChatLayout exposes as `commitAlongsideUpdates`): each
/// apply computes its changeset, records the new snapshot, then calls `commitAlongsideUpdates` exactly once,
/// and only then asks the fragment provider for fragments. Commit there every application-owned model that
/// the fragment provider or the layout reads, so that they always read models consistent with the snapshot
/// being applied — never older ones, never newer ones.
public final class DiffableDataSource<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable, Fragment>: Sendable {
    /// The snapshot type applied.
    public typealias Snapshot = DiffableDataSourceSnapshot<SectionID, ItemID>
    /// Renders one item at its position in the snapshot being applied.
    public typealias FragmentProvider = @Sendable (ItemPosition, ItemID) -> Fragment

    let target: any DiffableDataSourceTarget<SectionID, ItemID, Fragment>
    let onItemReconfiguration: (@Sendable (ItemID, Fragment) -> Void)?
    let fragmentProvider: FragmentProvider
    let state = Mutex(QueueState())

    /// Creates a data source for a target; nothing is applied until the first snapshot.
    ///
    /// - Parameters:
    ///   - target: What receives the changesets and fragments.
    ///   - onItemReconfiguration: Called for each reconfigured item right after its fragment is provided,
    ///     within the apply (use it to act alongside the update, as ChatLayout's `onCellReconfiguration`).
    ///   - fragmentProvider: Renders an item; called for inserted, reloaded and reconfigured items (and all
    ///     items on a reload), after `commitAlongsideUpdates`.
    public init(
        target: some DiffableDataSourceTarget<SectionID, ItemID, Fragment>,
        onItemReconfiguration: (@Sendable (ItemID, Fragment) -> Void)? = nil,
        fragmentProvider: @escaping FragmentProvider
    ) {
        self.target = target
        self.onItemReconfiguration = onItemReconfiguration
        self.fragmentProvider = fragmentProvider
    }

    /// The snapshot last applied (without its reload and reconfigure marks), or `nil` before the first apply.
    ///
    /// Holding on to the copy returned makes the next incremental apply copy the snapshot's storage, O(n).
    public var snapshot: Snapshot? {
        state.withLock { $0.snapshot }
    }

    /// Returns the position of an item in the current snapshot, or `nil` when the identifier is `nil` or absent.
    ///
    /// - Complexity: O(1) on average.
    public func indexPath(for item: ItemID?) -> ItemPosition? {
        guard let item else { return nil }
        return state.withLock { $0.snapshot?.position(ofItem: item) }
    }

    /// Returns the item identifier at a position of the current snapshot, or `nil` when there is none.
    ///
    /// - Complexity: O(1).
    public func itemIdentifier(for position: ItemPosition) -> ItemID? {
        state.withLock { $0.snapshot?.itemIdentifier(at: position) }
    }

    /// The number of sections of the current snapshot (0 before the first apply).
    public var numberOfSections: Int {
        state.withLock { $0.snapshot?.numberOfSections ?? 0 }
    }

    /// Returns the number of items in the section at an index, or 0 when there is no such section.
    ///
    /// - Complexity: O(1).
    public func numberOfItems(inSection section: Int) -> Int {
        state.withLock { state in
            guard let snapshot = state.snapshot, snapshot.sections.indices.contains(section) else { return 0 }
            return snapshot.sections[section].items.count
        }
    }
}
