/// One node of HTML read by ``MarkupParser``: an element with its subtree, or a run of text.
///
/// Comments, processing instructions and the document type are not part of the tree. A value:
/// a tree is built once from libxml2's and owns no C memory.
public enum MarkupNode: Hashable, Sendable {
    /// An element and everything inside it.
    case element(MarkupElement)
    /// Character data exactly as libxml2 reports it: character references resolved, the text of
    /// `<script>` and `<style>` included. Two adjacent runs stay two nodes, as libxml2 left them.
    case text(String)

    /// The text of this node: its own text, or the text of every run inside the element, in order.
    /// - Complexity: O(size of the subtree).
    public var textContent: String {
        switch self {
        case let .element(element): return element.textContent
        case let .text(text): return text
        }
    }
}
