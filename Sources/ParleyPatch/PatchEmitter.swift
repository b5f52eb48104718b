import ParleyDiffing
import ParleyHTML

/// Turns changesets into the smallest list of patch operations, remembering what the page shows.
///
/// A value: its owner (a live channel) keeps it under the same lock as its snapshot, and calls
/// ``operations(for:fragments:)`` with each changeset. Order (so a client applies them in one
/// pass): removals of items and sections; section inserts and moves; item inserts and moves in
/// final order (each anchor is in place when used); replacements for reloads; then updates of
/// reconfigured items — only the attributes and slots that differ (a slot created, removed or
/// changed), as `appendText` when a slot only grew by text.
///
/// Items are `article.msg` elements whose "first" position is after their section's heading;
/// sections are children of the container.
public struct PatchEmitter<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
    /// The rendering of each item on the page, as last sent.
    var renderings: [ItemID: ElementRendering] = [:]
    /// The items of each section on the page.
    var itemsBySection: [SectionID: Set<ItemID>] = [:]
    /// The section of each item on the page.
    var sectionOfItem: [ItemID: SectionID] = [:]
    let sectionRendering: @Sendable (SectionID) -> SectionRendering
    let sectionElementID: @Sendable (SectionID) -> String
    let itemElementID: @Sendable (ItemID) -> String

    /// An emitter for an empty page.
    /// - Parameters:
    ///   - sectionRendering: Renders a section container (for section inserts and resets).
    ///   - sectionElementID: The DOM id of a section (its `sectionRendering`'s, without rendering it:
    ///     every placed item names its parent).
    ///   - itemElementID: The DOM id of an item (needed for items removed without a fragment).
    public init(
        sectionRendering: @escaping @Sendable (SectionID) -> SectionRendering,
        sectionElementID: @escaping @Sendable (SectionID) -> String,
        itemElementID: @escaping @Sendable (ItemID) -> String
    ) {
        self.sectionRendering = sectionRendering
        self.sectionElementID = sectionElementID
        self.itemElementID = itemElementID
    }

    /// Remembers `snapshot` as shown, each item rendered as in `fragments` (one array per section,
    /// in snapshot order), and returns the `reset` operation that shows it.
    /// - Complexity: O(n) for n items.
    public mutating func reset(
        to snapshot: DiffableDataSourceSnapshot<SectionID, ItemID>, fragments: [[ElementRendering]]
    ) -> PatchOperation {
        var html: [SafeHTML] = []
        renderings = [:]
        itemsBySection = [:]
        sectionOfItem = [:]
        for (section, items) in zip(snapshot.sectionIdentifiers, fragments) {
            html.append(sectionRendering(section).html(items: items.map(\.html)))
            let identifiers = (try? snapshot.itemIdentifiers(inSection: section)) ?? []
            itemsBySection[section] = Set(identifiers)
            for (item, rendering) in zip(identifiers, items) {
                renderings[item] = rendering
                sectionOfItem[item] = section
            }
        }
        return .reset(html: SafeHTML.joined(html))
    }

    /// A transient class on an item (`flash` when it was reconfigured): a client adds it and
    /// removes it after its animation; it is not part of the page's state.
    public func transientClass(_ className: String, on item: ItemID) -> PatchOperation {
        .transientClass(id: itemElementID(item), className: className)
    }
}
