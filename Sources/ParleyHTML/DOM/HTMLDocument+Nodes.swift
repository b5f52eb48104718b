import CLibXML2

extension HTMLDocument {
    /// Parses `html` as a fragment and copies its one element into this document (unlinked).
    func importElement(_ html: SafeHTML, id: String) throws(DOMError) -> xmlNodePtr {
        let nodes = try importFragment(html)
        let elements = nodes.filter { $0.pointee.type == XML_ELEMENT_NODE }
        guard elements.count == 1, nodes.count == 1 else {
            nodes.forEach { xmlFreeNode($0) }
            throw .notOneElement(id)
        }
        return elements[0]
    }

    /// Parses `html` as a fragment and copies its top-level nodes into this document (unlinked).
    func importFragment(_ html: SafeHTML) throws(DOMError) -> [xmlNodePtr] {
        guard let fragment = Self.parse(html.bytes, fragment: true) else { throw .unparsable }
        defer { xmlFreeDoc(fragment) }
        guard let wrapper = xmlDocGetRootElement(fragment) else { return [] }
        var nodes: [xmlNodePtr] = []
        var child = wrapper.pointee.children
        while let node = child {
            if let copy = xmlDocCopyNode(node, document, 1) { nodes.append(copy) }
            child = node.pointee.next
        }
        return nodes
    }

    func replaceChildren(of node: xmlNodePtr, with html: SafeHTML) throws(DOMError) {
        let nodes = try importFragment(html)
        var child = node.pointee.children
        while let current = child {
            child = current.pointee.next
            unindexSubtree(current)
            xmlUnlinkNode(current)
            xmlFreeNode(current)
        }
        for new in nodes {
            indexSubtree(new)
            xmlAddChild(node, new)
        }
    }

    /// Links `node` into `parent` after the element `anchor`, or after the first `leading`
    /// element children of `parent` when `anchor` is nil.
    func place(_ node: xmlNodePtr, in parentID: String, after anchor: String?, leading: Int) throws(DOMError) {
        guard let parent = index[parentID] else { throw .missingElement(parentID) }
        if let anchor {
            guard let sibling = index[anchor] else { throw .missingElement(anchor) }
            xmlAddNextSibling(sibling, node)
            return
        }
        var skipped = 0
        var child = parent.pointee.children
        while let current = child, skipped < leading {
            if current.pointee.type == XML_ELEMENT_NODE { skipped += 1 }
            child = current.pointee.next
            if skipped == leading { break }
        }
        if let before = skipped == leading ? child : nil {
            xmlAddPrevSibling(before, node)
        } else {
            xmlAddChild(parent, node)
        }
    }

    /// The first descendant of `id` whose `data-slot` is `slot`.
    func slotElement(_ slot: String, of id: String) throws(DOMError) -> xmlNodePtr {
        guard let root = index[id] else { throw .missingElement(id) }
        var stack = [root]
        while let current = stack.popLast() {
            if current != root, current.pointee.type == XML_ELEMENT_NODE, Self.attribute(current, "data-slot") == slot {
                return current
            }
            var children: [xmlNodePtr] = []
            var child = current.pointee.children
            while let next = child {
                children.append(next)
                child = next.pointee.next
            }
            stack.append(contentsOf: children.reversed())
        }
        throw .missingSlot(element: id, slot: slot)
    }
}
