import ParleyDiffing
import Testing

@Suite("Data source")
struct DataSourceTests {
    typealias DataSource = DiffableDataSource<String, Int, String>

    @Test("the first apply inserts everything; queries follow the snapshot")
    func firstApply() async throws {
        let target = RecordingTarget()
        let dataSource = DataSource(target: target) { position, item in "\(item) at \(position)" }
        #expect(dataSource.snapshot == nil)
        #expect(dataSource.numberOfSections == 0)
        let snapshot = try ReferenceModel.snapshot(["A": [1, 2], "B": [3]])
        await dataSource.apply(snapshot, animatingDifferences: false) {}
        #expect(dataSource.snapshot == snapshot)
        #expect(dataSource.indexPath(for: 3) == ItemPosition(section: 1, item: 0))
        #expect(dataSource.indexPath(for: nil) == nil)
        #expect(dataSource.itemIdentifier(for: ItemPosition(section: 0, item: 1)) == 2)
        #expect(dataSource.numberOfSections == 2)
        #expect(dataSource.numberOfItems(inSection: 0) == 2)
        #expect(dataSource.numberOfItems(inSection: 5) == 0)
        guard case .update(let changeset, let fragments, let animated) = target.events.first else {
            Issue.record("expected an update")
            return
        }
        #expect(changeset == Changeset(from: TestSnapshot(), to: snapshot))
        #expect(fragments == [1: "1 at [0, 0]", 2: "2 at [0, 1]", 3: "3 at [1, 0]"])
        #expect(!animated)
        #expect(target.mirror == snapshot)
    }

    @Test("commitAlongsideUpdates runs once, after the diff and before any fragment: providers see only new models")
    func commitAlongside() async throws {
        let target = RecordingTarget()
        let store = ModelStore()
        let log = EventLog()
        let dataSource = DataSource(target: target) { item, fragment in
            log.append("reconfigured \(item) \(fragment)")
        } fragmentProvider: { _, item in
            let model = store.model(item)
            log.append("fragment \(model)")
            return model
        }
        let first = try ReferenceModel.snapshot(["A": [1, 2]])
        await dataSource.apply(first, animatingDifferences: true) {
            log.append("commit 1")
            store.commit([1: "one v1", 2: "two v1"])
        }
        let second = try ReferenceModel.snapshot(["A": [2, 1, 3]], versions: [2: 1])
        await dataSource.apply(second, animatingDifferences: true) {
            log.append("commit 2")
            store.commit([1: "one v2", 2: "two v2", 3: "three v2"])
        }
        #expect(
            log.all == [
                "commit 1", "fragment one v1", "fragment two v1",
                "commit 2", "fragment three v2", "fragment two v2", "reconfigured 2 two v2",
            ])
        guard case .update(_, let fragments, _) = target.events.last else {
            Issue.record("expected an update")
            return
        }
        #expect(fragments == [2: "two v2", 3: "three v2"])
        #expect(target.failures.isEmpty)
    }

    @Test("reloading data sends every fragment and no diff")
    func reloadData() async throws {
        let target = RecordingTarget()
        let dataSource = DataSource(target: target) { _, item in "#\(item)" }
        var snapshot = try ReferenceModel.snapshot(["A": [1], "B": [2, 3]])
        try snapshot.reconfigureItems([2])
        await dataSource.applySnapshotUsingReloadData(snapshot) {}
        #expect(target.events == [.reload(snapshot, fragments: [["#1"], ["#2", "#3"]])])
        #expect(dataSource.snapshot?.reconfiguredItemIdentifiers == [])
    }

    @Test("incremental applies send the full-diff changeset and reject bad input without committing")
    func incremental() async throws {
        let target = RecordingTarget()
        let log = EventLog()
        let dataSource = DataSource(target: target) { _, item in "#\(item)" }
        await #expect(throws: DiffingError.noSections) {
            try await dataSource.apply(appending: [1]) { log.append("commit") }
        }
        #expect(dataSource.snapshot == nil)
        let base = try ReferenceModel.snapshot(["A": [1, 2]])
        await dataSource.apply(base) {}
        let update = ItemUpdate(item: 2, contentVersion: ContentVersion(rawValue: 4))
        let changeset = try await dataSource.apply(appending: [3], reconfiguring: [update]) { log.append("commit") }
        var expected = base
        try expected.appendItems([3])
        try expected.updateContentVersion(update.contentVersion, ofItem: 2)
        try expected.reconfigureItems([2])
        #expect(changeset == Changeset(from: base, to: expected))
        #expect(dataSource.snapshot == expected)
        await #expect(throws: DiffingError.duplicateItem("3")) {
            try await dataSource.apply(appending: [3], toSection: "A") { log.append("commit") }
        }
        #expect(log.all == ["commit"])
        #expect(target.mirror == expected)
        #expect(target.events.count == 2)
    }
}
