/// One step of a streamed XML document: an element opens or closes, or character data appears.
///
/// Comments, processing instructions, the XML declaration and the document type are skipped.
public enum XMLStreamEvent: Equatable, Sendable {
    /// A start tag; `isEmpty` for a self-closing `<name/>`, which has no matching ``end(name:)``.
    case start(name: String, isEmpty: Bool)
    /// An end tag.
    case end(name: String)
    /// Text or CDATA content, entities and character references resolved (whitespace between
    /// elements included).
    case text(String)
}
