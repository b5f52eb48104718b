import ParleyHTML
import ParleyXML

extension HTMLDocument {
    /// Parses `html` as a fragment that must be one element (whose id is `id`); unlinked.
    func importElement(_ html: SafeHTML, id: String) throws(DOMError) -> DOMNode {
        let nodes = try importFragment(html)
        guard nodes.count == 1, nodes[0].isElement else { throw .notOneElement(id) }
        return nodes[0]
    }

    /// Parses `html` as a fragment; its top-level nodes, unlinked.
    func importFragment(_ html: SafeHTML) throws(DOMError) -> [DOMNode] {
        do throws(MarkupError) {
            return try MarkupParser.parseFragment(html.bytes).map(DOMNode.init)
        } catch {
            throw .unparsable
        }
    }

    /// Replaces the children of `node` by the nodes of `html`, keeping the index current.
    func replaceChildren(of node: DOMNode, with html: SafeHTML) throws(DOMError) {
        let nodes = try importFragment(html)
        node.children.forEach(unindexSubtree)
        node.replaceChildren(with: nodes)
        nodes.forEach(indexSubtree)
    }

    /// Links `node` into `parent` after the element `anchor` (into the anchor's parent), or after
    /// the first `leading` element children of `parent` when `anchor` is nil (last when `parent`
    /// has fewer).
    func place(_ node: DOMNode, in parentID: String, after anchor: String?, leading: Int) throws(DOMError) {
        guard let parent = index[parentID] else { throw .missingElement(parentID) }
        if let anchor {
            guard let sibling = index[anchor], let siblingParent = sibling.parent,
                let position = siblingParent.children.firstIndex(where: { $0 === sibling })
            else { throw .missingElement(anchor) }
            siblingParent.insert(node, at: position + 1)
            return
        }
        var position = 0
        var skipped = 0
        while skipped < leading, position < parent.children.count {
            if parent.children[position].isElement { skipped += 1 }
            position += 1
        }
        parent.insert(node, at: skipped == leading ? position : parent.children.count)
    }

    /// The first descendant of `id` (in document order) whose `data-slot` is `slot`.
    func slotElement(_ slot: String, of id: String) throws(DOMError) -> DOMNode {
        guard let root = index[id] else { throw .missingElement(id) }
        var stack = Array(root.children.reversed())
        while let current = stack.popLast() {
            if current.isElement, current.attribute("data-slot") == slot { return current }
            stack.append(contentsOf: current.children.reversed())
        }
        throw .missingSlot(element: id, slot: slot)
    }
}
