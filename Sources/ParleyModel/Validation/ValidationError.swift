/// Why a message or event is outside ``MessageLimits``: the field, in the dotted and indexed
/// notation of Parley JSON Lines records (`spans[2].length`, `author.name`,
/// `reactions[0].count`), and what was expected there.
public struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The field, e.g. `spans[2].length`.
    public var field: String
    /// What the value is and what was expected, e.g. `9223372036854775807 reaches past the end
    /// of the text (12 UTF-16 units)`.
    public var reason: String

    /// A problem with `field`.
    public init(field: String, reason: String) {
        self.field = field
        self.reason = reason
    }

    /// `field "spans[2].length": … `, for error messages.
    public var description: String { "field \"\(field)\": \(reason)" }

    /// The same problem one level down, e.g. `author` + `name` → `author.name`.
    func within(_ parent: String) -> ValidationError {
        ValidationError(field: field.hasPrefix("[") ? parent + field : "\(parent).\(field)", reason: reason)
    }
}
