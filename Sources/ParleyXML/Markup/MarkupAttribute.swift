/// One attribute of a ``MarkupElement``.
public struct MarkupAttribute: Hashable, Sendable {
    /// The name, lowercase ASCII when read by ``MarkupParser``.
    public var name: String
    /// The value, character references resolved.
    public var value: String

    /// The attribute `name="value"`.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
