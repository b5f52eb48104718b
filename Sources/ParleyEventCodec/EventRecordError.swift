/// Why an event record could not be read: the place (file, line, byte) and what was expected
/// there — broken JSON, an unknown or misplaced record type, a missing field, a wrong value, or a
/// value outside `MessageLimits`.
public struct EventRecordError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, request or database the record came from.
    public var file: String
    /// The record's 1-based line number (for a stored record, its version).
    public var line: Int
    /// The byte offset in `file` where the record broke (the line's first byte when unknown).
    public var offset: Int
    /// What the record should have held.
    public var expected: String

    /// An error of the record at `line` of `file`, breaking at byte `offset`.
    public init(file: String, line: Int, offset: Int, expected: String) {
        self.file = file
        self.line = line
        self.offset = offset
        self.expected = expected
    }

    /// `FILE: line N, byte M: EXPECTED`, the form every import error takes.
    public var description: String { "\(file): line \(line), byte \(offset): \(expected)" }
}
