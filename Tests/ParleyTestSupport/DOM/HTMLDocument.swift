import ParleyHTML
import ParleyXML

/// A parsed HTML page that DOM-patch operations can be applied to, on the server: the tests'
/// oracle for the convergence invariant (``PatchApplier``).
///
/// Parsed once with libxml2's HTML parser (``MarkupParser``), then held as a tree of Swift nodes;
/// elements are found by `id` through an index kept up to date as operations insert and remove
/// elements. Browsers apply the same operations with `Public/parley.js`. A class because
/// operations change it in place; not `Sendable` — use it on one thread.
public final class HTMLDocument {
    /// The document node: the parent of the page's top-level nodes.
    let root: DOMNode
    var index: [String: DOMNode] = [:]

    /// Parses a whole page.
    /// - Throws: ``DOMError/unparsable`` when libxml2 returns no document (an empty page).
    /// - Complexity: O(n) in the page's length.
    public init(page: SafeHTML) throws(DOMError) {
        do throws(MarkupError) {
            root = DOMNode.document(try MarkupParser.parseDocument(page.bytes))
        } catch {
            throw .unparsable
        }
        indexSubtree(root)
    }

    /// Indexes the elements of `node`'s subtree by `id`. The walk takes children last to first; of
    /// two elements with one id, the one it visits last is indexed.
    func indexSubtree(_ node: DOMNode) {
        var stack = [node]
        while let current = stack.popLast() {
            if current.isElement, let id = current.attribute("id") { index[id] = current }
            stack.append(contentsOf: current.children)
        }
    }

    /// Removes the index entries that point into `node`'s subtree.
    func unindexSubtree(_ node: DOMNode) {
        var stack = [node]
        while let current = stack.popLast() {
            if current.isElement, let id = current.attribute("id"), index[id] === current { index[id] = nil }
            stack.append(contentsOf: current.children)
        }
    }
}
