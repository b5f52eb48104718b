import CLibXML2

extension HTMLDocument {
    /// Inserts the one element of `html` (whose id is `id`) into `parent` after the element
    /// `anchor`, or first — after the parent's first `leading` element children — when `anchor`
    /// is nil. An element with that id already present is moved there instead (idempotent).
    /// - Throws: ``DOMError`` when the parent or anchor is missing or `html` is not one element.
    public func insertElement(_ html: SafeHTML, id: String, in parent: String, after anchor: String?, leading: Int) throws(DOMError) {
        if index[id] != nil { return try moveElement(id, in: parent, after: anchor, leading: leading) }
        let node = try importElement(html, id: id)
        do {
            try place(node, in: parent, after: anchor, leading: leading)
        } catch {
            xmlFreeNode(node)
            throw error
        }
        indexSubtree(node)
    }

    /// Moves the element `id` into `parent` after `anchor` (or first, as for inserts).
    public func moveElement(_ id: String, in parent: String, after anchor: String?, leading: Int) throws(DOMError) {
        guard let node = index[id] else { throw .missingElement(id) }
        xmlUnlinkNode(node)
        try place(node, in: parent, after: anchor, leading: leading)
    }

    /// Removes the element `id` and everything in it; a missing element is ignored.
    public func removeElement(_ id: String) {
        guard let node = index[id] else { return }
        unindexSubtree(node)
        xmlUnlinkNode(node)
        xmlFreeNode(node)
    }

    /// Replaces the element `id` by the one element of `html`.
    public func replaceElement(_ id: String, with html: SafeHTML) throws(DOMError) {
        guard let old = index[id] else { throw .missingElement(id) }
        let node = try importElement(html, id: id)
        unindexSubtree(old)
        xmlAddNextSibling(old, node)
        xmlUnlinkNode(old)
        xmlFreeNode(old)
        indexSubtree(node)
    }

    /// Replaces the children of the slot `slot` (the descendant with `data-slot="slot"`) of `id`.
    public func setSlot(_ slot: String, of id: String, to html: SafeHTML) throws(DOMError) {
        let target = try slotElement(slot, of: id)
        try replaceChildren(of: target, with: html)
    }

    /// Appends `text` as text at the end of the slot `slot` of `id`.
    public func appendText(_ text: String, toSlot slot: String, of id: String) throws(DOMError) {
        let target = try slotElement(slot, of: id)
        xmlAddChild(target, xmlNewDocText(document, text))
    }

    /// Sets or (with nil) removes an attribute of `id`.
    public func setAttribute(_ name: String, to value: String?, of id: String) throws(DOMError) {
        guard let node = index[id] else { throw .missingElement(id) }
        if let value { xmlSetProp(node, name, value) } else { xmlUnsetProp(node, name) }
    }

    /// Replaces all children of the element `id` with the parsed `html`.
    public func replaceChildren(of id: String, with html: SafeHTML) throws(DOMError) {
        guard let node = index[id] else { throw .missingElement(id) }
        try replaceChildren(of: node, with: html)
    }
}
