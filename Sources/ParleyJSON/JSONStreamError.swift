/// Why a ``JSONStreamReader`` stopped.
public enum JSONStreamError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not JSON from `offset` (0-based byte offset; `line` counts from 1):
    /// yajl's message says what it found and expected.
    case syntax(offset: Int, line: Int, message: String)
    /// The document ended at byte `size` before it was complete. `openRecord` names the record
    /// the input ended inside (`messages[12]`), nil when it ended outside every record.
    case truncated(size: Int, line: Int, openRecord: String?)

    public var description: String {
        switch self {
        case let .syntax(offset, line, message): "invalid JSON at byte \(offset) (line \(line)): \(message)"
        case let .truncated(size, _, record):
            "the document ends at byte \(size) before it is complete" + (record.map { " (inside \($0))" } ?? "")
        }
    }
}
