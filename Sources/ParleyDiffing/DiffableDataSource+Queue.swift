/// The serial queue behind every apply, and the fragment requests shared by the apply paths.
extension DiffableDataSource {
    typealias Work = @Sendable () -> Void

    struct QueueState: Sendable {
        var snapshot: Snapshot?
        var pending: [Work] = []
        var isRunning = false

        mutating func next() -> Work? {
            guard !pending.isEmpty else {
                isRunning = false
                return nil
            }
            return pending.removeFirst()
        }
    }

    /// Queues work; runs the queue on this thread unless another caller already runs it.
    func enqueue(_ work: @escaping Work) {
        let runsQueue = state.withLock { state in
            state.pending.append(work)
            guard !state.isRunning else { return false }
            state.isRunning = true
            return true
        }
        guard runsQueue else { return }
        while let next = state.withLock({ $0.next() }) {
            next()
        }
    }

    struct FragmentRequest: Sendable {
        var position: ItemPosition
        var item: ItemID
        var isReconfigure: Bool
    }

    /// The items of a changeset that need a fragment, with their positions in the snapshot it leads to.
    static func fragmentRequests(for changeset: Changeset<SectionID, ItemID>, in snapshot: Snapshot)
        -> [FragmentRequest]
    {
        var requests: [FragmentRequest] = []
        let inserted = changeset.itemPlacements.lazy.filter { $0.kind == .insert }.map(\.item)
        for item in inserted + changeset.reloadedItems.map(\.item) {
            if let position = snapshot.position(ofItem: item) {
                requests.append(FragmentRequest(position: position, item: item, isReconfigure: false))
            }
        }
        for update in changeset.reconfiguredItems {
            if let position = snapshot.position(ofItem: update.item) {
                requests.append(FragmentRequest(position: position, item: update.item, isReconfigure: true))
            }
        }
        return requests
    }

    /// Asks the provider for each requested fragment, calling `onItemReconfiguration` after each reconfigured one.
    func provideFragments(_ requests: [FragmentRequest]) -> [ItemID: Fragment] {
        var fragments: [ItemID: Fragment] = [:]
        fragments.reserveCapacity(requests.count)
        for request in requests {
            let fragment = fragmentProvider(request.position, request.item)
            fragments[request.item] = fragment
            if request.isReconfigure { onItemReconfiguration?(request.item, fragment) }
        }
        return fragments
    }
}
