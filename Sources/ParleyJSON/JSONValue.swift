/// One JSON value (RFC 8259), as a streaming reader builds it for one record.
///
/// Numbers keep their text as written, so a 64-bit id or a huge double loses nothing before the
/// consumer decides its type; objects keep their members in document order (a repeated key keeps
/// every copy, and look-ups find the last, as JavaScript and Foundation do).
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number's text as written (`-12`, `1.5e300`).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The member `key` of an object, or nil (for a missing key or a value that is not an object).
    /// - Complexity: O(members of the object).
    public subscript(key: String) -> JSONValue? {
        guard case let .object(object) = self else { return nil }
        return object[key]
    }

    /// A short name of the value's kind, for error messages: `null`, `a boolean`, `a number`,
    /// `a string`, `an array`, `an object`.
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
