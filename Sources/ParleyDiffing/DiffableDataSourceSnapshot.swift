/// The state of a sectioned list at one moment: ordered sections, each holding ordered item identifiers with
/// their content versions — Parley's portable counterpart of Apple's `NSDiffableDataSourceSnapshot`.
///
/// A snapshot is a value: build one, mutate it with Apple's vocabulary (``appendSections(_:)``,
/// ``appendItems(_:contentVersions:toSection:)``, ``moveItem(_:afterItem:)``…), then hand it to a
/// ``DiffableDataSource`` or compare two with ``Changeset/init(from:to:)``. Section identifiers are unique
/// among sections and item identifiers are unique across the whole snapshot; a mutation that would break
/// that, or that names an unknown section or item, throws ``DiffingError`` and leaves the snapshot unchanged.
///
/// Storage: an array of sections (each a pair of `ContiguousArray`s of items and content versions), a
/// dictionary from section identifier to section index, and a dictionary from item identifier to its
/// ``ItemPosition``, stored as two 32-bit indices (so at most 2³¹ − 1 sections and 2³¹ − 1 items per section).
/// Lookups by identifier are therefore O(1) on average; appending k items costs O(k), one hash each; inserting
/// or deleting inside a section re-indexes the items after that point, and inserting, deleting or moving a
/// section re-indexes the items of the sections it shifts. Copies share storage until mutated.
///
/// Building a snapshot from another module is specialized for its identifier types: the construction path
/// (``init()``, ``appendSections(_:)``, ``appendItems(_:contentVersions:toSection:)``) is `@inlinable`.
///
/// Besides its state, a snapshot carries requests for the next apply: items marked with
/// ``reloadItems(_:)`` and ``reconfigureItems(_:)``. Equality (`==`) compares the state only — sections,
/// items and content versions — and ignores those marks.
public struct DiffableDataSourceSnapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
    @usableFromInline var sections: ContiguousArray<SectionRecord<SectionID, ItemID>> = []
    @usableFromInline var sectionIndices: [SectionID: Int] = [:]
    @usableFromInline var itemPositions: [ItemID: PackedItemPosition] = [:]
    @usableFromInline var reloadMarks: Set<ItemID> = []
    @usableFromInline var reconfigureMarks: Set<ItemID> = []

    /// Creates an empty snapshot: no sections, no items.
    @inlinable
    public init() {}

    /// The number of sections.
    public var numberOfSections: Int {
        sections.count
    }

    /// The number of items in all sections.
    public var numberOfItems: Int {
        itemPositions.count
    }

    /// The section identifiers, in order.
    ///
    /// - Complexity: O(number of sections).
    @inlinable
    public var sectionIdentifiers: [SectionID] {
        sections.map(\.id)
    }

    /// The item identifiers of all sections, section after section.
    ///
    /// - Complexity: O(number of items).
    public var itemIdentifiers: [ItemID] {
        sections.flatMap(\.items)
    }

    /// Returns the number of items in a section.
    ///
    /// - Parameter section: The section identifier.
    /// - Throws: ``DiffingError/unknownSection(_:)`` when the section is not in the snapshot.
    /// - Complexity: O(1) on average.
    @inlinable
    public func numberOfItems(inSection section: SectionID) throws(DiffingError) -> Int {
        sections[try index(ofKnownSection: section)].items.count
    }

    /// Returns the item identifiers of a section, in order.
    ///
    /// - Parameter section: The section identifier.
    /// - Throws: ``DiffingError/unknownSection(_:)`` when the section is not in the snapshot.
    /// - Complexity: O(items in the section).
    public func itemIdentifiers(inSection section: SectionID) throws(DiffingError) -> [ItemID] {
        Array(sections[try index(ofKnownSection: section)].items)
    }

    /// Returns the identifier of the section holding an item, or `nil` when the item is not in the snapshot.
    ///
    /// - Complexity: O(1) on average.
    public func sectionIdentifier(containingItem item: ItemID) -> SectionID? {
        itemPositions[item].map { sections[$0.section].id }
    }

    /// Returns the index of an item in ``itemIdentifiers`` (counting across sections), or `nil` when absent.
    ///
    /// - Complexity: O(1) on average to find the item, plus O(number of sections) to count the items of the
    ///   sections before it. Use ``position(ofItem:)`` for an O(1) (section, item) position.
    public func indexOfItem(_ item: ItemID) -> Int? {
        guard let position = itemPositions[item] else { return nil }
        return sections[..<position.section].reduce(position.item) { $0 + $1.items.count }
    }

    /// Returns the index of a section, or `nil` when the section is not in the snapshot.
    ///
    /// - Complexity: O(1) on average.
    public func indexOfSection(_ section: SectionID) -> Int? {
        sectionIndices[section]
    }

    /// Returns the (section, item) position of an item, or `nil` when the item is not in the snapshot.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    public func position(ofItem item: ItemID) -> ItemPosition? {
        itemPositions[item]?.unpacked
    }

    /// Returns the item identifier at a position, or `nil` when the position is outside the snapshot.
    ///
    /// - Complexity: O(1).
    public func itemIdentifier(at position: ItemPosition) -> ItemID? {
        guard sections.indices.contains(position.section) else { return nil }
        let items = sections[position.section].items
        return items.indices.contains(position.item) ? items[position.item] : nil
    }

    /// Returns the content version of an item, or `nil` when the item is not in the snapshot.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    public func contentVersion(ofItem item: ItemID) -> ContentVersion? {
        itemPositions[item].map { sections[$0.section].versions[$0.item] }
    }
}
