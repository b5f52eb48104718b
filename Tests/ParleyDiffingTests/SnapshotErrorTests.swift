import ParleyDiffing
import Testing

@Suite("Snapshot errors")
struct SnapshotErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let expected: DiffingError
        let mutation: @Sendable (inout TestSnapshot) throws -> Void
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "duplicate item in snapshot", expected: .duplicateItem("2")) {
            try $0.appendItems([9, 2], toSection: "A")
        },
        Case(name: "duplicate item in one call", expected: .duplicateItem("8")) { try $0.appendItems([8, 8]) },
        Case(name: "duplicate item across sections", expected: .duplicateItem("3")) {
            try $0.insertItems([3], beforeItem: 1)
        },
        Case(name: "duplicate section", expected: .duplicateSection("B")) { try $0.appendSections(["C", "B"]) },
        Case(name: "repeated new section", expected: .duplicateSection("C")) {
            try $0.insertSections(["C", "C"], afterSection: "A")
        },
        Case(name: "unknown item anchor", expected: .unknownItem("42")) { try $0.insertItems([9], afterItem: 42) },
        Case(name: "unknown item moved", expected: .unknownItem("42")) { try $0.moveItem(42, beforeItem: 1) },
        Case(name: "unknown move anchor", expected: .unknownItem("42")) { try $0.moveItem(1, afterItem: 42) },
        Case(name: "unknown deleted item", expected: .unknownItem("42")) { try $0.deleteItems([1, 42]) },
        Case(name: "unknown reconfigured item", expected: .unknownItem("42")) { try $0.reconfigureItems([42]) },
        Case(name: "unknown reloaded item", expected: .unknownItem("42")) { try $0.reloadItems([1, 42]) },
        Case(name: "unknown versioned item", expected: .unknownItem("42")) {
            try $0.updateContentVersion(.initial, ofItem: 42)
        },
        Case(name: "unknown section to append to", expected: .unknownSection("Z")) {
            try $0.appendItems([9], toSection: "Z")
        },
        Case(name: "unknown section anchor", expected: .unknownSection("Z")) {
            try $0.insertSections(["C"], beforeSection: "Z")
        },
        Case(name: "unknown section moved", expected: .unknownSection("Z")) {
            try $0.moveSection("Z", afterSection: "A")
        },
        Case(name: "unknown deleted section", expected: .unknownSection("Z")) { try $0.deleteSections(["A", "Z"]) },
        Case(name: "unknown reloaded section", expected: .unknownSection("Z")) { try $0.reloadSections(["Z"]) },
        Case(name: "version count mismatch", expected: .contentVersionCountMismatch(items: 2, contentVersions: 1)) {
            try $0.appendItems([8, 9], contentVersions: [.initial])
        },
        Case(name: "update with unknown reconfigured item", expected: .unknownItem("42")) {
            _ = try $0.update(appending: [8], reconfiguring: [ItemUpdate(item: 42, contentVersion: .initial)])
        },
        Case(name: "update with duplicate appended item", expected: .duplicateItem("1")) {
            _ = try $0.update(appending: [9, 1])
        },
    ]

    @Test("invalid mutations throw the right error and change nothing", arguments: cases)
    func rejected(_ testCase: Case) throws {
        let original = try ReferenceModel.snapshot(["A": [1, 2], "B": [3]])
        var snapshot = original
        try snapshot.reloadItems([2])
        #expect(throws: testCase.expected) { try testCase.mutation(&snapshot) }
        #expect(snapshot == original)
        #expect(snapshot.reloadedItemIdentifiers == [2])
        #expect(snapshot.indexOfItem(3) == 2)
        #expect(snapshot.indexOfItem(8) == nil && snapshot.indexOfItem(9) == nil)
        #expect(snapshot.indexOfSection("C") == nil)
    }

    @Test("appending without a section to a snapshot without sections")
    func noSections() {
        var snapshot = TestSnapshot()
        #expect(throws: DiffingError.noSections) { try snapshot.appendItems([1]) }
        #expect(snapshot.numberOfItems == 0)
        #expect(DiffingError.noSections.description == "no section to append items to")
        #expect(DiffingError.unknownItem("7").description == "unknown item identifier 7")
    }
}
