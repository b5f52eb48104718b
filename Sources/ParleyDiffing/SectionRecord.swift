/// The storage of one section of a snapshot: its identifier and its items with their content versions.
///
/// `items` and `versions` are parallel arrays of equal length; `ContiguousArray` keeps them unboxed.
@usableFromInline
struct SectionRecord<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
    @usableFromInline var id: SectionID
    @usableFromInline var items: ContiguousArray<ItemID> = []
    @usableFromInline var versions: ContiguousArray<ContentVersion> = []

    @inlinable
    init(id: SectionID) {
        self.id = id
    }
}
