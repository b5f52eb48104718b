import ParleyModel

/// The one way text leaves `parley`: a stream that escapes every control, bidirectional control
/// and invalid byte (``TerminalText``) before handing the text to `base`, keeping the line breaks
/// of what Parley composes. ``ParleyCommand/run(_:output:errors:)`` wraps standard output and
/// standard error in it, so no command can print an input's bytes raw.
public struct TerminalStream<Base: TextOutputStream>: TextOutputStream {
    /// Where the escaped text goes.
    public var base: Base

    /// A stream escaping what it writes to `base`.
    public init(_ base: Base) { self.base = base }

    /// Writes `string` escaped, its line feeds kept.
    public mutating func write(_ string: String) {
        base.write(TerminalText.escaped(string, lineBreaks: .kept))
    }

    /// Writes `data` unchanged: only for data the user asked for on standard output
    /// (`parley convert -o -`), never for messages.
    mutating func writeVerbatim(_ data: String) {
        base.write(data)
    }

    /// Writes `parley: warning: MESSAGE` on one line: a line feed inside `message` is escaped too.
    mutating func warn(_ message: some CustomStringConvertible) {
        print("parley: warning: " + TerminalText.escaped(message.description), to: &self)
    }
}

extension TerminalStream: Sendable where Base: Sendable {}
