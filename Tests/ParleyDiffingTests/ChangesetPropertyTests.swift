import ParleyDiffing
import ParleyTestSupport
import Testing

@Suite("Changeset: seeded properties")
struct ChangesetPropertyTests {
    /// 10 batches of 1,000 random snapshot pairs: 10,000 cases, each replayable from its printed seed.
    @Test("replaying the changeset gives the new snapshot, with the minimum number of moves", arguments: 0..<10)
    func randomPairs(batch: Int) throws {
        var coverage: [String: Int] = [:]
        for index in 0..<1_000 {
            let seed = UInt64(batch * 1_000 + index)
            var generator = ScenarioGenerator(seed: seed)
            let old = try generator.snapshot(maxSections: 5, maxItemsPerSection: 12)
            let new = try generator.edit(old, maxEdits: 12)
            let failures = try Self.check(old: old, new: new)
            #expect(
                failures.isEmpty,
                "seed \(seed): \(failures)\nold:\n\(old)\nnew:\n\(new)\n\(TestChangeset(from: old, to: new))")
            if !failures.isEmpty { return }
            Self.tally(TestChangeset(from: old, to: new), into: &coverage)
        }
        for kind in [
            "move", "cross-section move", "section move", "insert", "delete", "section delete", "reconfigure", "reload",
        ] {
            #expect(coverage[kind, default: 0] > 20, "batch \(batch) rarely exercises \(kind)s: \(coverage)")
        }
    }

    static func tally(_ changeset: TestChangeset, into coverage: inout [String: Int]) {
        coverage["move", default: 0] += changeset.itemMovesWithinSections
        coverage["cross-section move", default: 0] += changeset.itemMovesAcrossSections
        coverage["section move", default: 0] += changeset.sectionMoves
        coverage["insert", default: 0] += changeset.itemInserts
        coverage["delete", default: 0] += changeset.deletedItems.count
        coverage["section delete", default: 0] += changeset.deletedSections.count
        coverage["reconfigure", default: 0] += changeset.reconfiguredItems.count
        coverage["reload", default: 0] += changeset.reloadedItems.count
    }

    static func check(old: TestSnapshot, new: TestSnapshot) throws -> [String] {
        let changeset = TestChangeset(from: old, to: new)
        var failures: [String] = []
        if try old.applying(changeset) != new { failures.append("applying does not give the new snapshot") }
        for section in new.sectionIdentifiers where old.indexOfSection(section) != nil {
            let survivors = try ReferenceModel.survivorOldIndices(of: section, old: old, new: new)
            let moves = changeset.itemPlacements.count { $0.section == section && $0.kind == .move }
            let minimum = survivors.count - ReferenceModel.lisLength(survivors)
            if moves != minimum { failures.append("section \(section): \(moves) moves, minimum \(minimum)") }
        }
        let sectionSurvivors = new.sectionIdentifiers.compactMap { old.indexOfSection($0) }
        if changeset.sectionMoves != sectionSurvivors.count - ReferenceModel.lisLength(sectionSurvivors) {
            failures.append("\(changeset.sectionMoves) section moves is not the minimum")
        }
        if Set(changeset.reconfiguredItems.map(\.item)) != expectedReconfigures(old: old, new: new) {
            failures.append("wrong reconfigures")
        }
        return failures
    }

    /// Items in both snapshots (their old section surviving) whose version changed or that are marked,
    /// minus the reloaded ones.
    static func expectedReconfigures(old: TestSnapshot, new: TestSnapshot) -> Set<Int> {
        let reloaded = Set(new.reloadedItemIdentifiers)
        let marked = Set(new.reconfiguredItemIdentifiers)
        return Set(
            new.itemIdentifiers.filter { item in
                guard let section = old.sectionIdentifier(containingItem: item), new.indexOfSection(section) != nil,
                    !reloaded.contains(item)
                else { return false }
                return marked.contains(item) || old.contentVersion(ofItem: item) != new.contentVersion(ofItem: item)
            })
    }

    @Test("the LIS pass finds the minimum on larger shuffles")
    func largeShuffles() throws {
        var random = SeededRandom(seed: 42)
        for round in 0..<20 {
            let items = Array(0..<300)
            var shuffled = items
            for _ in 0..<(round * 10) {
                shuffled.swapAt(Int.random(in: 0..<300, using: &random), Int.random(in: 0..<300, using: &random))
            }
            let old = try ReferenceModel.snapshot(["A": items])
            let new = try ReferenceModel.snapshot(["A": shuffled])
            #expect(try Self.check(old: old, new: new).isEmpty, "round \(round)")
        }
    }
}
