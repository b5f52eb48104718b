import ParleyDiffing
import ParleyHTML
import Synchronization

/// Turns the changesets of a ``DiffableDataSource`` into the smallest list of patch operations.
///
/// A target of the data source: each apply appends one ordered list of operations, which the
/// caller takes with ``takeOperations()``. Order (so a client applies them in one pass):
/// removals of items and sections; section inserts and moves; item inserts and moves in final
/// order (each anchor is in place when used); replacements for reloads; then updates of
/// reconfigured items — only the attributes and slots that differ, as `appendText` when a slot
/// only grew by text — each followed by the transient class ``flash(_:className:)`` asked for,
/// if any.
///
/// Items are `article.msg` elements whose "first" position is after their section's heading;
/// sections are children of the container.
public final class PatchEmitter<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: DiffableDataSourceTarget, Sendable {
    public typealias Fragment = ElementRendering

    struct State {
        var renderings: [ItemID: ElementRendering] = [:]
        var itemsBySection: [SectionID: Set<ItemID>] = [:]
        var pending: [PatchOperation] = []
        /// The transient classes asked for the items of the next update.
        var flashes: [ItemID: String] = [:]
    }

    let sectionRendering: @Sendable (SectionID) -> SectionRendering
    let itemElementID: @Sendable (ItemID) -> String
    let state = Mutex(State())

    /// - Parameters:
    ///   - sectionRendering: Renders a section container (for section inserts and resets).
    ///   - itemElementID: The DOM id of an item (needed for items removed without a fragment).
    public init(
        sectionRendering: @escaping @Sendable (SectionID) -> SectionRendering,
        itemElementID: @escaping @Sendable (ItemID) -> String
    ) {
        self.sectionRendering = sectionRendering
        self.itemElementID = itemElementID
    }

    /// The operations produced since the last call, in order; clears them.
    public func takeOperations() -> [PatchOperation] {
        state.withLock { state in
            defer { state.pending = [] }
            return state.pending
        }
    }

    /// Asks for a transient class on an item (e.g. `flash` when it was edited), sent by the next
    /// update right after the item's own operations when that update re-renders what the item
    /// shows: a slot (`slot`, `appendText`) or the whole element (`replace`). An update of its
    /// attributes only (the position class of a regrouping) sends none, nor does an insert, a
    /// move, a reload or a removal; a request the next update does not use is dropped.
    ///
    /// Call it from the data source's `onItemReconfiguration`, which runs before the update. A
    /// client adds the class and removes it after its animation; it is not part of the page's
    /// state.
    public func flash(_ item: ItemID, className: String) {
        state.withLock { $0.flashes[item] = className }
    }

    public func reloadData(_ snapshot: DiffableDataSourceSnapshot<SectionID, ItemID>, fragments: [[ElementRendering]]) {
        var html: [SafeHTML] = []
        var state = State()
        for (section, items) in zip(snapshot.sectionIdentifiers, fragments) {
            html.append(sectionRendering(section).html(items: items.map(\.html)))
            let identifiers = (try? snapshot.itemIdentifiers(inSection: section)) ?? []
            state.itemsBySection[section] = Set(identifiers)
            for (item, rendering) in zip(identifiers, items) { state.renderings[item] = rendering }
        }
        state.pending = [.reset(html: SafeHTML.joined(html))]
        self.state.withLock { current in
            state.pending = current.pending + state.pending
            current = state
        }
    }
}
