/// A problem an importer met and recovered from, reported to the user; nothing was lost.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The input file.
    public var file: String
    /// Where in the file: a JSON path such as `messages[1]`, or `line 12`.
    public var location: String
    public var message: String

    public init(file: String, location: String, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    public var description: String { "\(file): \(location): \(message)" }
}
