/// An ``ItemPosition`` as a snapshot stores it for each item identifier: two 32-bit indices, 8 bytes instead
/// of 16.
///
/// The table from item identifier to position is the largest part of a snapshot, and building or diffing a
/// large one touches it at random places: halving its values makes it a third smaller (a 100,000-item table
/// has 262,144 buckets, 6 MiB with 16-byte values, 4 MiB with these), so fewer lookups miss the cache. The
/// price is a limit: a snapshot holds at most 2³¹ − 1 sections and 2³¹ − 1 items per section (more traps).
@usableFromInline
struct PackedItemPosition: Sendable {
    @usableFromInline var storedSection: Int32
    @usableFromInline var storedItem: Int32

    /// Packs a section index and an item index.
    ///
    /// - Precondition: Both fit in 32 bits (traps otherwise).
    @inlinable
    init(section: Int, item: Int) {
        storedSection = Int32(section)
        storedItem = Int32(item)
    }

    /// The index of the section in the snapshot, from 0.
    @inlinable
    var section: Int { Int(storedSection) }

    /// The index of the item within its section, from 0.
    @inlinable
    var item: Int { Int(storedItem) }

    /// The position as the public type.
    @inlinable
    var unpacked: ItemPosition { ItemPosition(section: section, item: item) }
}
