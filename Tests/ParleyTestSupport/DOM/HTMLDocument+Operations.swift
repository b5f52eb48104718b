import ParleyHTML

extension HTMLDocument {
    /// Inserts the one element of `html` (whose id is `id`) into `parent` after the element
    /// `anchor`, or first — after the parent's first `leading` element children — when `anchor`
    /// is nil. An element with that id already present is replaced: it is removed, and the new
    /// one placed at the anchor (`replacingExisting`, operation `i`), or it is moved there and
    /// left as is (operation `S`, whose element holds messages the operation does not carry).
    /// - Throws: ``DOMError`` when the parent or anchor is missing or `html` is not one element.
    func insertElement(
        _ html: SafeHTML, id: String, in parent: String, after anchor: String?, leading: Int, replacingExisting: Bool
    ) throws(DOMError) {
        if index[id] != nil, !replacingExisting { return try moveElement(id, in: parent, after: anchor, leading: leading) }
        let node = try importElement(html, id: id)
        removeElement(id)
        try place(node, in: parent, after: anchor, leading: leading)
        indexSubtree(node)
    }

    /// Moves the element `id` into `parent` after `anchor` (or first, as for inserts).
    /// - Throws: ``DOMError/missingElement(_:)`` when `id`, the parent or the anchor is missing.
    func moveElement(_ id: String, in parent: String, after anchor: String?, leading: Int) throws(DOMError) {
        guard let node = index[id] else { throw .missingElement(id) }
        node.unlink()
        try place(node, in: parent, after: anchor, leading: leading)
    }

    /// Removes the element `id` and everything in it; a missing element is ignored.
    func removeElement(_ id: String) {
        guard let node = index[id] else { return }
        unindexSubtree(node)
        node.unlink()
    }

    /// Replaces the element `id` by the one element of `html`.
    /// - Throws: ``DOMError`` when `id` is missing or `html` is not one element.
    func replaceElement(_ id: String, with html: SafeHTML) throws(DOMError) {
        guard let old = index[id], let parent = old.parent, let position = parent.children.firstIndex(where: { $0 === old })
        else { throw .missingElement(id) }
        let node = try importElement(html, id: id)
        unindexSubtree(old)
        old.unlink()
        parent.insert(node, at: position)
        indexSubtree(node)
    }

    /// Replaces the children of the slot `slot` (the descendant with `data-slot="slot"`) of `id`.
    /// - Throws: ``DOMError`` when `id` or its slot is missing.
    func setSlot(_ slot: String, of id: String, to html: SafeHTML) throws(DOMError) {
        try replaceChildren(of: slotElement(slot, of: id), with: html)
    }

    /// Appends `text` as text at the end of the slot `slot` of `id`.
    /// - Throws: ``DOMError`` when `id` or its slot is missing.
    func appendText(_ text: String, toSlot slot: String, of id: String) throws(DOMError) {
        try slotElement(slot, of: id).append(.text(text))
    }

    /// Sets or (with nil) removes an attribute of `id`.
    /// - Throws: ``DOMError/missingElement(_:)``.
    func setAttribute(_ name: String, to value: String?, of id: String) throws(DOMError) {
        guard let node = index[id] else { throw .missingElement(id) }
        node.setAttribute(name, to: value)
    }

    /// Replaces all children of the element `id` with the parsed `html`.
    /// - Throws: ``DOMError/missingElement(_:)``.
    func replaceChildren(of id: String, with html: SafeHTML) throws(DOMError) {
        guard let node = index[id] else { throw .missingElement(id) }
        try replaceChildren(of: node, with: html)
    }
}
