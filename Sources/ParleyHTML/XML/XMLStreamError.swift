/// Why an XML document could not be streamed. Every case names the document.
public enum XMLStreamError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened.
    case unreadable(file: String, reason: String)
    /// The document is not well-formed XML (or ends early) at `line` and `byteOffset` bytes into
    /// the input; `message` is libxml2's description of what it expected.
    case malformed(file: String, line: Int, byteOffset: Int, message: String)

    public var description: String {
        switch self {
        case let .unreadable(file, reason): return "\(file): cannot read: \(reason)"
        case let .malformed(file, line, byteOffset, message): return "\(file): line \(line), byte \(byteOffset): malformed XML: \(message)"
        }
    }
}

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
