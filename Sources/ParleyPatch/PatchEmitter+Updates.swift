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

    /// The attribute and slot operations that turn `old` into `new`: attributes first, in name
    /// order, then slots in the order of the element's ``SlotLayout``, so output is deterministic.
    ///
    /// A slot present in both renderings that changed is an `appendText` when it only grew by
    /// text, else a `slot`; one that became empty is a `removeSlot`; one that appeared is a
    /// `createSlot` placed before the next slot present in both renderings (or last): slots created
    /// in the same pass come in layout order, so each lands after those created before it.
    /// - Complexity: O(attributes + slots + bytes of the changed slots).
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
        let names = new.slotLayout.names
        for (position, name) in names.enumerated() {
            switch (old.slots[name], new.slots[name]) {
            case (nil, nil):
                continue
            case (.some, nil):
                operations.append(.removeSlot(id: id, slot: name))
            case let (nil, content?):
                let before = names[(position + 1)...].first { old.slots[$0] != nil && new.slots[$0] != nil }
                operations.append(
                    .createSlot(id: id, slot: name, before: before, html: new.slotLayout.element(at: position, content: content)))
            case let (before?, after?) where before != after:
                if let text = AppendedText.suffix(from: before, to: after) {
                    operations.append(.appendText(id: id, slot: name, text: text))
                } else {
                    operations.append(.slot(id: id, slot: name, html: after))
                }
            case (.some, .some):
                continue
            }
        }
        return operations
    }
}
