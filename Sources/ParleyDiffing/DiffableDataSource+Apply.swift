extension DiffableDataSource {
    /// Applies a snapshot: diffs it against the last one applied (an empty one before the first apply), then
    /// commits models, requests fragments and updates the target, in that order.
    ///
    /// - Parameters:
    ///   - snapshot: The snapshot that replaces the current state; its reload and reconfigure marks are
    ///     honoured, then dropped from the stored snapshot.
    ///   - animatingDifferences: Passed to the target.
    ///   - commitAlongsideUpdates: Commits application-owned models; runs once, after the diff, before any
    ///     fragment is requested (see the commit contract on ``DiffableDataSource``).
    ///   - completion: Called once the target has been updated.
    /// - Complexity: The diff's, O(n + m log m) (see ``Changeset/init(from:to:)``), plus one fragment per
    ///   inserted, reloaded or reconfigured item.
    public func apply(
        _ snapshot: Snapshot,
        animatingDifferences: Bool = true,
        commitAlongsideUpdates: @escaping @Sendable () -> Void,
        completion: (@Sendable () -> Void)? = nil
    ) {
        enqueue { [self] in
            let previous = state.withLock { $0.snapshot } ?? Snapshot()
            let changeset = Changeset(from: previous, to: snapshot)
            var applied = snapshot
            applied.clearMarks()
            let requests = Self.fragmentRequests(for: changeset, in: applied)
            state.withLock { $0.snapshot = applied }
            commitAlongsideUpdates()
            let fragments = provideFragments(requests)
            target.performUpdates(changeset, fragments: fragments, animatingDifferences: animatingDifferences)
            completion?()
        }
    }

    /// Applies a snapshot and returns once the target has been updated.
    ///
    /// - Parameters:
    ///   - snapshot: The snapshot that replaces the current state.
    ///   - animatingDifferences: Passed to the target.
    ///   - commitAlongsideUpdates: Commits application-owned models; runs once, after the diff, before any
    ///     fragment is requested.
    public func apply(
        _ snapshot: Snapshot,
        animatingDifferences: Bool = true,
        commitAlongsideUpdates: @escaping @Sendable () -> Void
    ) async {
        await withCheckedContinuation { continuation in
            apply(snapshot, animatingDifferences: animatingDifferences, commitAlongsideUpdates: commitAlongsideUpdates) {
                continuation.resume()
            }
        }
    }

    /// Replaces the current snapshot without a diff: commits models, then requests every item's fragment and
    /// hands the snapshot and fragments to the target's ``DiffableDataSourceTarget/reloadData(_:fragments:)``.
    ///
    /// - Parameters:
    ///   - snapshot: The snapshot that replaces the current state.
    ///   - commitAlongsideUpdates: Commits application-owned models; runs once, before any fragment is requested.
    ///   - completion: Called once the target has been reloaded.
    /// - Complexity: O(n), one fragment per item.
    public func applySnapshotUsingReloadData(
        _ snapshot: Snapshot,
        commitAlongsideUpdates: @escaping @Sendable () -> Void,
        completion: (@Sendable () -> Void)? = nil
    ) {
        enqueue { [self] in
            var applied = snapshot
            applied.clearMarks()
            state.withLock { $0.snapshot = applied }
            commitAlongsideUpdates()
            let fragments = applied.sections.enumerated().map { section, record in
                record.items.enumerated().map { index, item in
                    fragmentProvider(ItemPosition(section: section, item: index), item)
                }
            }
            target.reloadData(applied, fragments: fragments)
            completion?()
        }
    }

    /// Replaces the current snapshot without a diff and returns once the target has been reloaded.
    ///
    /// - Parameters:
    ///   - snapshot: The snapshot that replaces the current state.
    ///   - commitAlongsideUpdates: Commits application-owned models; runs once, before any fragment is requested.
    public func applySnapshotUsingReloadData(
        _ snapshot: Snapshot,
        commitAlongsideUpdates: @escaping @Sendable () -> Void
    ) async {
        await withCheckedContinuation { continuation in
            applySnapshotUsingReloadData(snapshot, commitAlongsideUpdates: commitAlongsideUpdates) {
                continuation.resume()
            }
        }
    }
}
