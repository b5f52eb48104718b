extension DiffableDataSource {
    /// The result of an incremental apply: the changeset sent to the target, or why nothing was applied.
    public typealias IncrementalResult = Result<Changeset<SectionID, ItemID>, DiffingError>

    /// Appends items to a section and reconfigures others without a full diff — the live-chat path, O(changed
    /// items): the stored snapshot is mutated in place and the changeset is built from the change itself. It
    /// equals the one ``Changeset/init(from:to:)`` would give: the inserts, each anchored after the item before
    /// it, then the reconfigures in snapshot order (an appended item that is also updated is simply inserted
    /// with its latest version).
    ///
    /// The stored snapshot is mutated uniquely only if no copy of it is alive (a copy kept from ``snapshot``,
    /// from the caller of the last full apply, or by the target); otherwise it is copied once, O(n).
    ///
    /// - Parameters:
    ///   - identifiers: The new item identifiers, appended in order.
    ///   - contentVersions: One content version per new item, or `nil` for ``ContentVersion/initial``.
    ///   - section: The section to append to, or `nil` for the last section.
    ///   - updates: Items to reconfigure, with their new content versions; when an item repeats, its last
    ///     version wins.
    ///   - animatingDifferences: Passed to the target.
    ///   - commitAlongsideUpdates: Commits application-owned models; runs once, after the snapshot is updated,
    ///     before any fragment is requested — and not at all if the update fails.
    ///   - completion: Called with the changeset once the target has been updated, or with the error when
    ///     nothing was applied: the errors of ``DiffableDataSourceSnapshot/appendItems(_:contentVersions:toSection:)``,
    ///     or ``DiffingError/unknownItem(_:)`` for an updated item that is neither in the snapshot nor appended.
    ///     Before the first apply, the current snapshot counts as empty.
    public func apply(
        appending identifiers: [ItemID],
        contentVersions: [ContentVersion]? = nil,
        toSection section: SectionID? = nil,
        reconfiguring updates: [ItemUpdate<ItemID>] = [],
        animatingDifferences: Bool = true,
        commitAlongsideUpdates: @escaping @Sendable () -> Void,
        completion: (@Sendable (IncrementalResult) -> Void)? = nil
    ) {
        enqueue { [self] in
            let outcome = state.withLock {
                state -> Result<(Changeset<SectionID, ItemID>, [FragmentRequest]), DiffingError> in
                let existed = state.snapshot != nil
                var snapshot = state.snapshot ?? Snapshot()
                state.snapshot = nil
                defer { if existed { state.snapshot = snapshot } }
                do throws(DiffingError) {
                    let changeset = try snapshot.update(
                        appending: identifiers, contentVersions: contentVersions, toSection: section,
                        reconfiguring: updates)
                    return .success((changeset, Self.fragmentRequests(for: changeset, in: snapshot)))
                } catch {
                    return .failure(error)
                }
            }
            switch outcome {
            case .success(let (changeset, requests)):
                commitAlongsideUpdates()
                let fragments = provideFragments(requests)
                target.performUpdates(changeset, fragments: fragments, animatingDifferences: animatingDifferences)
                completion?(.success(changeset))
            case .failure(let error):
                completion?(.failure(error))
            }
        }
    }

    /// Appends items to a section and reconfigures others without a full diff, returning once the target has
    /// been updated. See ``apply(appending:contentVersions:toSection:reconfiguring:animatingDifferences:commitAlongsideUpdates:completion:)``.
    ///
    /// - Returns: The changeset sent to the target.
    /// - Throws: ``DiffingError`` when nothing was applied (unknown section or item, duplicate item, no section).
    @discardableResult
    public func apply(
        appending identifiers: [ItemID],
        contentVersions: [ContentVersion]? = nil,
        toSection section: SectionID? = nil,
        reconfiguring updates: [ItemUpdate<ItemID>] = [],
        animatingDifferences: Bool = true,
        commitAlongsideUpdates: @escaping @Sendable () -> Void
    ) async throws(DiffingError) -> Changeset<SectionID, ItemID> {
        let result = await withCheckedContinuation { continuation in
            apply(
                appending: identifiers, contentVersions: contentVersions, toSection: section, reconfiguring: updates,
                animatingDifferences: animatingDifferences, commitAlongsideUpdates: commitAlongsideUpdates
            ) { result in
                continuation.resume(returning: result)
            }
        }
        return try result.get()
    }
}
