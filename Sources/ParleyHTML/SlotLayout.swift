/// The slot elements of a template, in document order: the elements written only when their slot
/// has content, and how to write one on its own.
///
/// A **slot element** is an element with `data-slot="NAME"` whose only content is the HTML slot
/// `{{{NAME}}}` (`<div class="msg-reactions" data-slot="reactions">{{{reactions}}}</div>`); the
/// template leaves it out when the slot is empty. Its place is its position among the template's
/// slot elements: a patch that creates it puts it before the next slot element present
/// (`docs/PATCH-PROTOCOL.md`, operation `c`).
public struct SlotLayout: Hashable, Sendable {
    /// One slot element: its name and its static start and end tags.
    struct Element: Hashable, Sendable {
        let name: String
        let open: [UInt8]
        let close: [UInt8]
    }

    let elements: [Element]
    /// The slot names, in document order.
    public let names: [String]

    init(elements: [Element]) {
        self.elements = elements
        names = elements.map(\.name)
    }

    /// The slot element at `position` in ``names`` holding `content` (its outer HTML).
    /// - Complexity: O(bytes of `content`).
    public func element(at position: Int, content: SafeHTML) -> SafeHTML {
        let element = elements[position]
        return SafeHTML(trusted: element.open + content.bytes + element.close)
    }
}
