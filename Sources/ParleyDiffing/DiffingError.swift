/// The one error type of ParleyDiffing: a snapshot mutation or a changeset that does not fit its snapshot.
///
/// Every mutation of ``DiffableDataSourceSnapshot`` validates its arguments before it changes anything, so
/// when one of these errors is thrown the snapshot is exactly as it was before the call. Identifiers are
/// carried as `String(describing:)` so the error stays `Equatable` and `Sendable` whatever their type.
public enum DiffingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A section identifier that is already in the snapshot (or repeated in the same call) was added.
    case duplicateSection(String)
    /// An item identifier that is already in the snapshot (or repeated in the same call) was added.
    ///
    /// Item identifiers are unique across the whole snapshot, not only within their section.
    case duplicateItem(String)
    /// A section identifier, used as a target or as an anchor, is not in the snapshot.
    case unknownSection(String)
    /// An item identifier, used as a target or as an anchor, is not in the snapshot.
    case unknownItem(String)
    /// Items were appended without naming a section to a snapshot that has no section to append to.
    case noSections
    /// The content versions given alongside item identifiers are not one per item.
    case contentVersionCountMismatch(items: Int, contentVersions: Int)

    /// A one-line account of the error, naming the identifier involved.
    public var description: String {
        switch self {
        case .duplicateSection(let id): "duplicate section identifier \(id)"
        case .duplicateItem(let id): "duplicate item identifier \(id)"
        case .unknownSection(let id): "unknown section identifier \(id)"
        case .unknownItem(let id): "unknown item identifier \(id)"
        case .noSections: "no section to append items to"
        case .contentVersionCountMismatch(let items, let versions):
            "\(versions) content versions given for \(items) items"
        }
    }
}
