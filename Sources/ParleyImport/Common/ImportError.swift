/// Why an input could not be read. Every case names the file and what was expected.
public enum ImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read.
    case unreadable(file: String, reason: String)
    /// No importer recognised the content; `tried` gives each format and why it was rejected.
    case unknownFormat(file: String, tried: [String])
    /// The bytes are not valid syntax for the format (e.g. broken JSON) at `offset` bytes.
    case syntax(file: String, offset: Int?, line: Int?, expected: String)
    /// The syntax is valid but a value is missing or of the wrong type at `path`.
    case schema(file: String, path: String, expected: String)

    public var description: String {
        switch self {
        case let .unreadable(file, reason):
            return "\(file): cannot read: \(reason)"
        case let .unknownFormat(file, tried):
            return "\(file): unknown input format; tried:\n" + tried.map { "  - \($0)" }.joined(separator: "\n")
        case let .syntax(file, offset, line, expected):
            let place = [line.map { "line \($0)" }, offset.map { "byte \($0)" }].compactMap { $0 }.joined(separator: ", ")
            return "\(file)\(place.isEmpty ? "" : ": \(place)"): \(expected)"
        case let .schema(file, path, expected):
            return "\(file): at \(path): \(expected)"
        }
    }
}
