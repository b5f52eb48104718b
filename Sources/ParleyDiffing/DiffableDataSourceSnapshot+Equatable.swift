extension DiffableDataSourceSnapshot: Equatable {
    /// Two snapshots are equal when they have the same sections in the same order, each with the same items
    /// in the same order and the same content versions.
    ///
    /// Reload and reconfigure marks are requests for the next apply, not state, and are not compared.
    ///
    /// - Complexity: O(number of items), without hashing.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.sections.elementsEqual(rhs.sections) { left, right in
            left.id == right.id && left.items == right.items && left.versions == right.versions
        }
    }
}

extension DiffableDataSourceSnapshot: CustomStringConvertible {
    /// The snapshot as one line per section: the section identifier, then each item with its content version.
    ///
    /// For example `S1: a@v0 b@v3`. Used in test failure messages.
    public var description: String {
        guard !sections.isEmpty else { return "(empty snapshot)" }
        return sections.map { record in
            let items = zip(record.items, record.versions).map { "\($0)@\($1)" }
            return (["\(record.id):"] + items).joined(separator: " ")
        }.joined(separator: "\n")
    }
}
