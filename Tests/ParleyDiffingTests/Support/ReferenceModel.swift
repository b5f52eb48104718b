import ParleyDiffing

typealias TestSnapshot = DiffableDataSourceSnapshot<String, Int>
typealias TestChangeset = Changeset<String, Int>

/// Independent reference computations for the property tests, written for clarity, not speed.
enum ReferenceModel {
    /// The length of a longest strictly increasing subsequence, by the O(n²) dynamic programme.
    static func lisLength(_ values: [Int]) -> Int {
        var best = [Int](repeating: 1, count: values.count)
        for index in values.indices {
            for earlier in 0..<index where values[earlier] < values[index] {
                best[index] = max(best[index], best[earlier] + 1)
            }
        }
        return best.max() ?? 0
    }

    /// For a section in both snapshots: the old indices, in new order, of the items it keeps.
    static func survivorOldIndices(of section: String, old: TestSnapshot, new: TestSnapshot) throws -> [Int] {
        let oldItems = try old.itemIdentifiers(inSection: section)
        return try new.itemIdentifiers(inSection: section).compactMap { item in oldItems.firstIndex(of: item) }
    }

    /// Builds a snapshot from a literal description, e.g. `["A": [1, 2], "B": []]` in the given section order.
    static func snapshot(_ sections: KeyValuePairs<String, [Int]>, versions: [Int: Int] = [:]) throws -> TestSnapshot {
        var snapshot = TestSnapshot()
        for (section, items) in sections {
            try snapshot.appendSections([section])
            let contentVersions = items.map { ContentVersion(rawValue: versions[$0] ?? 0) }
            try snapshot.appendItems(items, contentVersions: contentVersions, toSection: section)
        }
        return snapshot
    }
}
