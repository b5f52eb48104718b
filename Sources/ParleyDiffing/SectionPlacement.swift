/// A section inserted or moved by a ``Changeset``, anchored after the section preceding it in the new snapshot.
public struct SectionPlacement<SectionID: Hashable & Sendable>: Hashable, Sendable {
    /// Whether the section is new (inserted empty) or moved with its items.
    public enum Kind: Hashable, Sendable {
        /// The section is new; its items are placed by later item placements.
        case insert
        /// The section existed and moves, with its items.
        case move
    }

    /// The section inserted or moved.
    public var section: SectionID
    /// The section it goes after, or `nil` to make it the first section.
    public var after: SectionID?
    /// Insert or move.
    public var kind: Kind

    /// Creates a section placement.
    @inlinable
    package init(section: SectionID, after: SectionID?, kind: Kind) {
        self.section = section
        self.after = after
        self.kind = kind
    }
}
