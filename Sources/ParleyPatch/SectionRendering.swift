import ParleyHTML

/// A section container as rendered, split around where its items go.
public struct SectionRendering: Hashable, Sendable {
    /// The section element's DOM id.
    public var elementID: String
    /// Everything before the items: the opening tag and the heading.
    public var opening: SafeHTML
    /// Everything after the items: the closing tag.
    public var closing: SafeHTML

    public init(elementID: String, opening: SafeHTML, closing: SafeHTML) {
        self.elementID = elementID
        self.opening = opening
        self.closing = closing
    }

    /// The section holding `items` (outer HTML).
    public func html(items: [SafeHTML] = []) -> SafeHTML { SafeHTML.joined([opening] + items + [closing]) }
}
