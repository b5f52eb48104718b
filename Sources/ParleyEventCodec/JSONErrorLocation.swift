import Foundation

/// Where a JSON document broke and what was expected there: what ``JSONErrorLocation`` makes
/// of Foundation's decoding errors, for the importers' and the event records' own error types.
package enum JSONProblem: Hashable, Sendable {
    /// The bytes are not valid JSON at byte `offset` (0-based), on 1-based `line`; nil when unknown.
    case syntax(offset: Int?, line: Int?, expected: String)
    /// The JSON is valid but a value is missing or of the wrong type at `path` (`messages[3].author.id`).
    case schema(path: String, expected: String)
}

/// Turns Foundation's JSON decoding errors into ``JSONProblem`` values that name the place.
package enum JSONErrorLocation {
    /// A syntax error. `JSONDecoder` does not say where; `JSONSerialization` does ("around
    /// character N", a byte offset), so the data is parsed again with it to find the place.
    package static func syntaxError(_ context: DecodingError.Context, data: Data) -> JSONProblem {
        var reason = context.debugDescription
        var offset: Int?
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let description = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            reason = description
            if let range = description.range(of: "character ") {
                offset = Int(description[range.upperBound...].prefix(while: \.isNumber))
            }
        }
        let line = offset.map { position in data.prefix(position).reduce(1) { $1 == 0x0A ? $0 + 1 : $0 } }
        return .syntax(offset: offset, line: line, expected: "valid JSON: \(reason)")
    }

    /// A schema error: the coding path as `messages[3].author.id` and what was expected there.
    package static func schemaError(_ error: DecodingError) -> JSONProblem {
        switch error {
        case let .keyNotFound(key, context):
            return .schema(path: path(context.codingPath + [key]), expected: "a required \"\(key.stringValue)\" field")
        case let .typeMismatch(type, context):
            return .schema(path: path(context.codingPath), expected: "a value of type \(name(type))")
        case let .valueNotFound(type, context):
            return .schema(path: path(context.codingPath), expected: "a value of type \(name(type)), found null")
        case let .dataCorrupted(context):
            return .schema(path: path(context.codingPath), expected: context.debugDescription)
        @unknown default:
            return .schema(path: "$", expected: "\(error)")
        }
    }

    /// `messages[3].author.id` from a coding path.
    package static func path(_ keys: [any CodingKey]) -> String {
        guard !keys.isEmpty else { return "$" }
        return keys.enumerated().map { index, key in
            if let position = key.intValue { return "[\(position)]" }
            return index == 0 ? key.stringValue : ".\(key.stringValue)"
        }.joined()
    }

    private static func name(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "string"
        case is Bool.Type: return "boolean"
        case is Int.Type, is Int64.Type, is Double.Type: return "number"
        case is [Any].Type: return "array"
        default: return "\(type)".contains("Array") ? "array" : "object"
        }
    }
}
