extension Changeset: CustomStringConvertible {
    /// The changeset as one line per operation, in application order, for failure messages and logs.
    ///
    /// Identifiers are printed with `String(describing:)`. For example:
    /// ```
    /// Changeset (5 operations)
    ///   delete item a
    ///   move section S2 first
    ///   insert item x@v0 in S2 after b
    ///   move item c in S2 from S1 after x
    ///   reconfigure item d@v3
    /// ```
    public var description: String {
        let lines = operationLines
        guard !lines.isEmpty else { return "Changeset (empty)" }
        return (["Changeset (\(lines.count) operations)"] + lines.map { "  " + $0 }).joined(separator: "\n")
    }

    private var operationLines: [String] {
        var lines = deletedItems.map { "delete item \($0)" }
        lines += deletedSections.map { "delete section \($0)" }
        for placement in sectionPlacements {
            let verb = placement.kind == .insert ? "insert" : "move"
            lines.append("\(verb) section \(placement.section) \(Self.anchor(placement.after))")
        }
        for placement in itemPlacements {
            let anchor = Self.anchor(placement.after)
            switch placement.kind {
            case .insert:
                lines.append(
                    "insert item \(placement.item)@\(placement.contentVersion) in \(placement.section) \(anchor)")
            case .move:
                lines.append("move item \(placement.item) in \(placement.section) \(anchor)")
            case .moveFromSection(let origin):
                lines.append("move item \(placement.item) in \(placement.section) from \(origin) \(anchor)")
            }
        }
        lines += reconfiguredItems.map { "reconfigure item \($0.item)@\($0.contentVersion)" }
        lines += reloadedItems.map { "reload item \($0.item)@\($0.contentVersion)" }
        return lines
    }

    private static func anchor<Anchor>(_ anchor: Anchor?) -> String {
        anchor.map { "after \($0)" } ?? "first"
    }
}
