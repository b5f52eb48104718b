import ParleyDiffing
import Testing

@Suite("Snapshot")
struct SnapshotTests {
    @Test("Apple's vocabulary builds and queries sections and items")
    func vocabulary() throws {
        var snapshot = TestSnapshot()
        try snapshot.appendSections(["B"])
        try snapshot.insertSections(["A"], beforeSection: "B")
        try snapshot.insertSections(["C"], afterSection: "B")
        try snapshot.appendItems([1, 2], toSection: "A")
        try snapshot.appendItems([5])
        try snapshot.insertItems([0], beforeItem: 1)
        try snapshot.insertItems([3], contentVersions: [ContentVersion(rawValue: 7)], afterItem: 2)
        try snapshot.appendItems([4], toSection: "B")
        #expect(snapshot.sectionIdentifiers == ["A", "B", "C"])
        #expect(snapshot.itemIdentifiers == [0, 1, 2, 3, 4, 5])
        #expect(try snapshot.itemIdentifiers(inSection: "A") == [0, 1, 2, 3])
        #expect(snapshot.numberOfSections == 3)
        #expect(snapshot.numberOfItems == 6)
        #expect(try snapshot.numberOfItems(inSection: "C") == 1)
        #expect(snapshot.sectionIdentifier(containingItem: 4) == "B")
        #expect(snapshot.indexOfItem(4) == 4)
        #expect(snapshot.indexOfSection("C") == 2)
        #expect(snapshot.position(ofItem: 5) == ItemPosition(section: 2, item: 0))
        #expect(snapshot.itemIdentifier(at: ItemPosition(section: 0, item: 3)) == 3)
        #expect(snapshot.itemIdentifier(at: ItemPosition(section: 1, item: 1)) == nil)
        #expect(snapshot.contentVersion(ofItem: 3) == ContentVersion(rawValue: 7))
        #expect(snapshot.contentVersion(ofItem: 9) == nil)
    }

    @Test("moves, deletes and marks keep every index exact")
    func movesAndDeletes() throws {
        var snapshot = try ReferenceModel.snapshot(["A": [1, 2, 3], "B": [4, 5], "C": [6]])
        try snapshot.moveItem(1, afterItem: 3)
        try snapshot.moveItem(6, beforeItem: 4)
        try snapshot.moveItem(2, afterItem: 2)
        try snapshot.moveSection("C", beforeSection: "A")
        try snapshot.moveSection("A", afterSection: "B")
        #expect(snapshot == (try ReferenceModel.snapshot(["C": [], "B": [6, 4, 5], "A": [2, 3, 1]])))
        try snapshot.reconfigureItems([3])
        try snapshot.reloadItems([5, 4])
        try snapshot.deleteItems([4, 6, 4])
        #expect(snapshot.reloadedItemIdentifiers == [5])
        #expect(snapshot.reconfiguredItemIdentifiers == [3])
        try snapshot.deleteSections(["B"])
        #expect(snapshot.reloadedItemIdentifiers.isEmpty)
        #expect(snapshot.sectionIdentifier(containingItem: 1) == "A")
        #expect(snapshot.position(ofItem: 1) == ItemPosition(section: 1, item: 2))
        try snapshot.reloadSections(["A"])
        #expect(snapshot.reloadedItemIdentifiers == [2, 3, 1])
        snapshot.deleteAllItems()
        #expect(snapshot.sectionIdentifiers == ["C", "A"])
        #expect(snapshot.numberOfItems == 0)
        #expect(snapshot.reconfiguredItemIdentifiers.isEmpty)
    }

    @Test("equality compares state and ignores marks")
    func equality() throws {
        let plain = try ReferenceModel.snapshot(["A": [1, 2]])
        var marked = plain
        try marked.reconfigureItems([1])
        #expect(plain == marked)
        try marked.updateContentVersion(ContentVersion(rawValue: 1), ofItem: 2)
        #expect(plain != marked)
        #expect(marked.description == "A: 1@v0 2@v1")
        #expect(TestSnapshot().description == "(empty snapshot)")
    }

    @Test("content versions hash any Hashable content")
    func hashedVersions() {
        #expect(ContentVersion(hashing: "hello") == ContentVersion(hashing: "hello"))
        #expect(ContentVersion(hashing: "hello") != ContentVersion(hashing: "hello!"))
        #expect(ContentVersion.initial == ContentVersion(rawValue: 0))
    }

    @Test("100,000 items append in linear time: one hash each, plus rehashing when the table grows")
    func linearBuild() throws {
        let counter = OperationCounter()
        var snapshot = DiffableDataSourceSnapshot<Int, CountingID>()
        try snapshot.appendSections([0, 1])
        let items = (0..<100_000).map { CountingID(value: $0, counter: counter) }
        counter.reset()
        try snapshot.appendItems(Array(items[..<50_000]), toSection: 0)
        try snapshot.appendItems(Array(items[50_000...]))
        #expect(snapshot.numberOfItems == 100_000)
        #expect(counter.hashCount <= 2 * 100_000)
        #expect(snapshot.indexOfItem(items[70_000]) == 70_000)
    }
}
