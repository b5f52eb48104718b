import ParleyEventCodec

extension ImportError {
    /// The error of `problem` in `file`: ``syntax(file:offset:line:expected:)`` or
    /// ``schema(file:path:expected:)``.
    init(_ problem: JSONProblem, file: String) {
        switch problem {
        case let .syntax(offset, line, expected): self = .syntax(file: file, offset: offset, line: line, expected: expected)
        case let .schema(path, expected): self = .schema(file: file, path: path, expected: expected)
        }
    }

    /// The error of `failure`, a record of a Parley JSON Lines file that cannot be read:
    /// ``syntax(file:offset:line:expected:)`` naming its line and byte.
    init(_ failure: EventRecordError) {
        self = .syntax(file: failure.file, offset: failure.offset, line: failure.line, expected: failure.expected)
    }
}
