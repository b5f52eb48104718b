import ParleyDiffing
import ParleyTestSupport
import Testing

@Suite("Complexity fences: hashing and equality calls")
struct ComplexityTests {
    typealias CountingSnapshot = DiffableDataSourceSnapshot<Int, CountingID>

    static func snapshot(_ sections: [[Int]], counter: OperationCounter) throws -> CountingSnapshot {
        var snapshot = CountingSnapshot()
        for (section, items) in sections.enumerated() {
            try snapshot.appendSections([section])
            try snapshot.appendItems(items.map { CountingID(value: $0, counter: counter) }, toSection: section)
        }
        return snapshot
    }

    @Test("a diff hashes each new identifier once and no old one", arguments: [1_000, 20_000])
    func diffIsLinear(n: Int) throws {
        let counter = OperationCounter()
        var random = SeededRandom(seed: UInt64(n))
        let oldItems = Array(0..<n)
        var newItems = oldItems.filter { _ in Int.random(in: 0..<10, using: &random) != 0 } + Array(n..<(n + n / 10))
        newItems.shuffle(using: &random)
        let chunks = stride(from: 0, to: newItems.count, by: 100).map {
            Array(newItems[$0..<min($0 + 100, newItems.count)])
        }
        let old = try Self.snapshot(
            stride(from: 0, to: n, by: 100).map { Array(oldItems[$0..<min($0 + 100, n)]) }, counter: counter)
        let new = try Self.snapshot(chunks, counter: counter)
        counter.reset()
        let changeset = Changeset(from: old, to: new)
        #expect(counter.hashCount <= newItems.count)
        // One comparison with the old item expected next, then the table's comparisons while probing.
        #expect(counter.equalityCount <= 3 * newItems.count)
        #expect(changeset.itemPlacements.count > n / 2)
    }

    @Test("a diff hashes only where the order changes: unchanged runs are matched by comparison")
    func unchangedRunsAreNotHashed() throws {
        let counter = OperationCounter()
        let oldItems = Array(0..<1_000)
        // 100 and 500 deleted, 2,000 inserted after 300, 700 moved after 900.
        let newItems =
            Array(0..<100) + Array(101...300) + [2_000] + Array(301..<500) + Array(501..<700) + Array(701...900)
            + [700] + Array(901..<1_000)
        let old = try Self.snapshot([oldItems], counter: counter)
        let new = try Self.snapshot([newItems], counter: counter)
        counter.reset()
        let changeset = Changeset(from: old, to: new)
        // 101, 2,000, 501 and 701 after a change; 700 moved and 901 after it.
        #expect(counter.hashCount == 6)
        #expect(changeset.deletedItems.map(\.value) == [100, 500])
        #expect(changeset.itemPlacements.map { "\($0.item.value) \($0.kind)" } == ["2000 insert", "700 move"])
    }

    @Test("appending one item and reconfiguring one on 20,000 items hashes O(1) identifiers")
    func incrementalIsConstant() throws {
        let counter = OperationCounter()
        var snapshot = try Self.snapshot([Array(0..<10_000), Array(10_000..<20_000)], counter: counter)
        for step in 0..<100 {
            counter.reset()
            let appended = CountingID(value: 20_000 + step, counter: counter)
            let previous = CountingID(value: 20_000 + step - 1, counter: counter)
            let changeset = try snapshot.update(
                appending: [appended],
                reconfiguring: [ItemUpdate(item: previous, contentVersion: ContentVersion(rawValue: step))])
            #expect(counter.hashCount <= 8)
            #expect(changeset.itemInserts == 1)
        }
    }
}
