import ParleyHTML

extension HTMLDocument {
    /// Creates the slot `slot` of `id`: inserts the one element of `html` (whose `data-slot` is
    /// `slot`) before the slot element `before`, or last in `id` when `before` is nil.
    /// - Throws: ``DOMError`` when `id` or `before` is missing, the slot is already there, or
    ///   `html` is not one element of that slot.
    func createSlot(_ slot: String, of id: String, before: String?, html: SafeHTML) throws(DOMError) {
        guard let element = index[id] else { throw .missingElement(id) }
        guard (try? slotElement(slot, of: id)) == nil else { throw .slotExists(element: id, slot: slot) }
        let nodes = try importFragment(html)
        guard nodes.count == 1, nodes[0].isElement, nodes[0].attribute("data-slot") == slot else { throw .notOneElement(id) }
        if let before {
            let anchor = try slotElement(before, of: id)
            guard let parent = anchor.parent, let position = parent.children.firstIndex(where: { $0 === anchor }) else {
                throw .missingSlot(element: id, slot: before)
            }
            parent.insert(nodes[0], at: position)
        } else {
            element.append(nodes[0])
        }
        indexSubtree(nodes[0])
    }

    /// Removes the slot element `slot` of `id`; a missing slot is ignored.
    /// - Throws: ``DOMError/missingElement(_:)`` when `id` is missing.
    func removeSlot(_ slot: String, of id: String) throws(DOMError) {
        guard index[id] != nil else { throw .missingElement(id) }
        guard let node = try? slotElement(slot, of: id) else { return }
        unindexSubtree(node)
        node.unlink()
    }
}
