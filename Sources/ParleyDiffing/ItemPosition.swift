/// The position of an item in a snapshot: the index of its section and its index within that section.
///
/// Parley's counterpart of UIKit's `IndexPath(item:section:)`, which Foundation's `IndexPath` does not offer
/// on Linux. Positions order first by section, then by item, which is the order of
/// ``DiffableDataSourceSnapshot/itemIdentifiers``.
public struct ItemPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The index of the section in the snapshot, from 0.
    public var section: Int
    /// The index of the item within its section, from 0.
    public var item: Int

    /// Creates a position from a section index and an item index within that section.
    ///
    /// - Parameters:
    ///   - section: The index of the section, from 0.
    ///   - item: The index of the item within the section, from 0.
    @inlinable
    public init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    /// Orders positions by section, then by item within the section.
    @inlinable
    public static func < (lhs: ItemPosition, rhs: ItemPosition) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    /// The position as `[section, item]`.
    public var description: String {
        "[\(section), \(item)]"
    }
}
