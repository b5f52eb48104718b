/// Why ``MarkupParser`` returned no tree.
public enum MarkupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libxml2 returned no document: the input is larger than 2 GiB, or libxml2 ran out of memory.
    case unparsable

    public var description: String {
        switch self {
        case .unparsable: return "libxml2 could not parse the HTML"
        }
    }
}
