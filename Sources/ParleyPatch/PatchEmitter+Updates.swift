import ParleyDiffing
import ParleyHTML

extension PatchEmitter {
    /// The operations that apply `changeset` to the page, in the order of the type's
    /// documentation; remembers the new renderings.
    /// - Parameter fragments: One rendering per inserted, reloaded and reconfigured item.
    /// - Complexity: O(changes + size of the changed renderings + items of the deleted sections).
    public mutating func operations(
        for changeset: Changeset<SectionID, ItemID>, fragments: [ItemID: ElementRendering]
    ) -> [PatchOperation] {
        var operations: [PatchOperation] = []
        for item in changeset.deletedItems {
            operations.append(.remove(id: itemElementID(item)))
            renderings[item] = nil
            if let section = sectionOfItem.removeValue(forKey: item) { itemsBySection[section]?.remove(item) }
        }
        for section in changeset.deletedSections {
            operations.append(.removeSection(id: sectionElementID(section)))
            for item in itemsBySection.removeValue(forKey: section) ?? [] {
                renderings[item] = nil
                sectionOfItem[item] = nil
            }
        }
        for placement in changeset.sectionPlacements {
            let rendering = sectionRendering(placement.section)
            let after = placement.after.map(sectionElementID)
            switch placement.kind {
            case .insert: operations.append(.insertSection(id: rendering.elementID, after: after, html: rendering.html()))
            case .move: operations.append(.moveSection(id: rendering.elementID, after: after))
            }
        }
        for placement in changeset.itemPlacements {
            let id = itemElementID(placement.item)
            let parent = sectionElementID(placement.section)
            let after = placement.after.map(itemElementID)
            switch placement.kind {
            case .insert:
                guard let rendering = fragments[placement.item] else { continue }
                operations.append(.insert(id: id, parent: parent, after: after, html: rendering.html))
                renderings[placement.item] = rendering
            case .move:
                operations.append(.move(id: id, parent: parent, after: after))
            case let .moveFromSection(old):
                itemsBySection[old]?.remove(placement.item)
                operations.append(.move(id: id, parent: parent, after: after))
            }
            itemsBySection[placement.section, default: []].insert(placement.item)
            sectionOfItem[placement.item] = placement.section
        }
        for update in changeset.reloadedItems {
            guard let rendering = fragments[update.item] else { continue }
            operations.append(.replace(id: rendering.elementID, html: rendering.html))
            renderings[update.item] = rendering
        }
        for update in changeset.reconfiguredItems {
            guard let rendering = fragments[update.item] else { continue }
            if let old = renderings[update.item], old.frame == rendering.frame {
                operations += Self.differences(from: old, to: rendering)
            } else {
                operations.append(.replace(id: rendering.elementID, html: rendering.html))
            }
            renderings[update.item] = rendering
        }
        return operations
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
