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
