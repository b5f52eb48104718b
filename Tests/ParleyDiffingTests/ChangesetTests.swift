import ParleyDiffing
import Testing

@Suite("Changeset: named cases")
struct ChangesetTests {
    /// Diffs, checks that replaying the changeset on `old` gives `new`, and returns the changeset.
    func diff(_ old: TestSnapshot, _ new: TestSnapshot) throws -> TestChangeset {
        let changeset = TestChangeset(from: old, to: new)
        #expect(try old.applying(changeset) == new, "\(changeset)")
        return changeset
    }

    @Test("empty to full and back")
    func emptyToFullAndBack() throws {
        let full = try ReferenceModel.snapshot(["A": [1, 2], "B": [3]])
        let filling = try diff(TestSnapshot(), full)
        #expect(
            filling.sectionPlacements == [
                SectionPlacement(section: "A", after: nil, kind: .insert),
                SectionPlacement(section: "B", after: "A", kind: .insert),
            ])
        #expect(filling.itemPlacements.map(\.item) == [1, 2, 3])
        #expect(filling.itemPlacements.map(\.after) == [nil, 1, nil])
        #expect(filling.itemInserts == 3)
        let emptying = try diff(full, TestSnapshot())
        #expect(emptying == TestChangeset(deletedSections: ["A", "B"]))
        #expect(try diff(full, full).isEmpty)
    }

    @Test("everything reversed takes n - 1 moves")
    func reversed() throws {
        let items = Array(0..<50)
        let changeset = try diff(
            try ReferenceModel.snapshot(["A": items]), try ReferenceModel.snapshot(["A": items.reversed()]))
        #expect(changeset.itemMovesWithinSections == 49)
        #expect(changeset.itemPlacements.count == 49)
    }

    @Test("[a, b, c] → [b, c, a] is one move")
    func rotation() throws {
        let changeset = try diff(
            try ReferenceModel.snapshot(["S": [1, 2, 3]]), try ReferenceModel.snapshot(["S": [2, 3, 1]]))
        #expect(
            changeset.itemPlacements == [
                ItemPlacement(item: 1, section: "S", after: 3, kind: .move, contentVersion: .initial)
            ])
        #expect(changeset.description == "Changeset (1 operations)\n  move item 1 in S after 3")
    }

    @Test("a section moves with its items")
    func sectionMove() throws {
        let changeset = try diff(
            try ReferenceModel.snapshot(["A": [1, 2], "B": [3], "C": [4]]),
            try ReferenceModel.snapshot(["C": [4], "A": [1, 2], "B": [3]]))
        #expect(
            changeset == TestChangeset(sectionPlacements: [SectionPlacement(section: "C", after: nil, kind: .move)]))
    }

    @Test("items move between sections, and out of deleted sections as inserts")
    func crossSection() throws {
        let changeset = try diff(
            try ReferenceModel.snapshot(["A": [1, 2, 3], "B": [4], "C": [5, 6], "D": []]),
            try ReferenceModel.snapshot(["A": [1, 3], "B": [2, 4], "D": [6], "E": [5]]))
        #expect(changeset.deletedSections == ["C"])
        #expect(changeset.itemMovesAcrossSections == 1)
        #expect(
            changeset.itemPlacements == [
                ItemPlacement(item: 2, section: "B", after: nil, kind: .moveFromSection("A"), contentVersion: .initial),
                ItemPlacement(item: 6, section: "D", after: nil, kind: .insert, contentVersion: .initial),
                ItemPlacement(item: 5, section: "E", after: nil, kind: .insert, contentVersion: .initial),
            ])
    }

    @Test("a changed content version reconfigures the item")
    func reconfigureByVersion() throws {
        let changeset = try diff(
            try ReferenceModel.snapshot(["A": [1, 2, 3]]),
            try ReferenceModel.snapshot(["A": [3, 1, 2]], versions: [2: 5, 3: 1]))
        #expect(
            changeset.reconfiguredItems == [
                ItemUpdate(item: 3, contentVersion: ContentVersion(rawValue: 1)),
                ItemUpdate(item: 2, contentVersion: ContentVersion(rawValue: 5)),
            ])
        #expect(changeset.reloadedItems.isEmpty)
    }

    @Test("explicit marks reconfigure and reload regardless; a reload supersedes a reconfigure")
    func explicitMarks() throws {
        let old = try ReferenceModel.snapshot(["A": [1, 2, 3]])
        var new = try ReferenceModel.snapshot(["A": [1, 2, 3, 4]], versions: [3: 9])
        try new.reconfigureItems([2, 3, 4])
        try new.reloadItems([3, 1])
        let changeset = try diff(old, new)
        #expect(changeset.reloadedItems.map(\.item) == [1, 3])
        #expect(changeset.reconfiguredItems.map(\.item) == [2])
        #expect(changeset.itemInserts == 1)
        #expect(
            changeset.description == """
                Changeset (4 operations)
                  insert item 4@v0 in A after 3
                  reconfigure item 2@v0
                  reload item 1@v0
                  reload item 3@v9
                """)
    }

    @Test("a changeset that does not fit is rejected")
    func misfit() throws {
        let snapshot = try ReferenceModel.snapshot(["A": [1]])
        #expect(throws: DiffingError.unknownItem("7")) { try snapshot.applying(TestChangeset(deletedItems: [7])) }
        let insert = ItemPlacement<String, Int>(
            item: 1, section: "A", after: nil, kind: .insert, contentVersion: .initial)
        #expect(throws: DiffingError.duplicateItem("1")) {
            try snapshot.applying(TestChangeset(itemPlacements: [insert]))
        }
        let move = ItemPlacement<String, Int>(
            item: 1, section: "A", after: nil, kind: .moveFromSection("B"), contentVersion: .initial)
        #expect(throws: DiffingError.unknownItem("1")) { try snapshot.applying(TestChangeset(itemPlacements: [move])) }
        #expect(TestChangeset().description == "Changeset (empty)")
    }
}
