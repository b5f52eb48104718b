import ParleyDiffing
import ParleyHTML

extension PatchEmitter {
    public func performUpdates(
        _ changeset: Changeset<SectionID, ItemID>, fragments: [ItemID: ElementRendering], animatingDifferences: Bool
    ) {
        state.withLock { state in
            var operations: [PatchOperation] = []
            for item in changeset.deletedItems {
                operations.append(.remove(id: itemElementID(item)))
                state.renderings[item] = nil
                for section in state.itemsBySection.keys { state.itemsBySection[section]?.remove(item) }
            }
            for section in changeset.deletedSections {
                operations.append(.removeSection(id: sectionRendering(section).elementID))
                for item in state.itemsBySection.removeValue(forKey: section) ?? [] { state.renderings[item] = nil }
            }
            for placement in changeset.sectionPlacements {
                let rendering = sectionRendering(placement.section)
                let after = placement.after.map { sectionRendering($0).elementID }
                switch placement.kind {
                case .insert: operations.append(.insertSection(id: rendering.elementID, after: after, html: rendering.html()))
                case .move: operations.append(.moveSection(id: rendering.elementID, after: after))
                }
            }
            for placement in changeset.itemPlacements {
                let id = itemElementID(placement.item)
                let parent = sectionRendering(placement.section).elementID
                let after = placement.after.map(itemElementID)
                switch placement.kind {
                case .insert:
                    guard let rendering = fragments[placement.item] else { continue }
                    operations.append(.insert(id: id, parent: parent, after: after, html: rendering.html))
                    state.renderings[placement.item] = rendering
                case .move:
                    operations.append(.move(id: id, parent: parent, after: after))
                case let .moveFromSection(old):
                    state.itemsBySection[old]?.remove(placement.item)
                    operations.append(.move(id: id, parent: parent, after: after))
                }
                state.itemsBySection[placement.section, default: []].insert(placement.item)
            }
            for update in changeset.reloadedItems {
                guard let rendering = fragments[update.item] else { continue }
                operations.append(.replace(id: rendering.elementID, html: rendering.html))
                state.renderings[update.item] = rendering
            }
            for update in changeset.reconfiguredItems {
                guard let rendering = fragments[update.item] else { continue }
                let changes: [PatchOperation]
                if let old = state.renderings[update.item], old.frame == rendering.frame {
                    changes = Self.differences(from: old, to: rendering)
                } else {
                    changes = [.replace(id: rendering.elementID, html: rendering.html)]
                }
                operations += changes
                if let className = state.flashes[update.item], changes.contains(where: Self.changesContent) {
                    operations.append(.transientClass(id: rendering.elementID, className: className))
                }
                state.renderings[update.item] = rendering
            }
            state.flashes = [:]
            state.pending += operations
        }
    }

    /// Whether an update operation re-renders what the element shows (a slot or the whole
    /// element), rather than only setting or removing an attribute.
    static func changesContent(_ operation: PatchOperation) -> Bool {
        switch operation {
        case .setAttribute, .removeAttribute: false
        default: true
        }
    }

    /// The attribute and slot operations that turn `old` into `new`, attributes first, both in
    /// name order so output is deterministic.
    static func differences(from old: ElementRendering, to new: ElementRendering) -> [PatchOperation] {
        var operations: [PatchOperation] = []
        let id = new.elementID
        for name in Set(old.attributes.keys).union(new.attributes.keys).sorted() where old.attributes[name] != new.attributes[name] {
            if let value = new.attributes[name] {
                operations.append(.setAttribute(id: id, name: name, value: value))
            } else {
                operations.append(.removeAttribute(id: id, name: name))
            }
        }
        for name in Set(old.slots.keys).union(new.slots.keys).sorted() {
            let before = old.slots[name] ?? .empty, after = new.slots[name] ?? .empty
            guard before != after else { continue }
            if let text = AppendedText.suffix(from: before, to: after) {
                operations.append(.appendText(id: id, slot: name, text: text))
            } else {
                operations.append(.slot(id: id, slot: name, html: after))
            }
        }
        return operations
    }
}
