import Foundation

/// Turns Foundation's JSON decoding errors into ``ImportError`` values that name the place.
enum JSONErrorLocation {
    /// A syntax error: Foundation describes it as "… around line L, column C"; the byte offset is
    /// computed from that line and column.
    static func syntaxError(_ context: DecodingError.Context, data: Data, file: String) -> ImportError {
        let text = (context.underlyingError.map { "\($0)" } ?? context.debugDescription)
        let numbers = lineAndColumn(in: text)
        let offset = numbers.flatMap { byteOffset(line: $0.line, column: $0.column, in: data) }
        let reason = context.underlyingError.map { String(describing: $0) } ?? context.debugDescription
        return .syntax(file: file, offset: offset, line: numbers?.line, expected: "valid JSON: \(reason)")
    }

    /// A schema error: the coding path as `messages[3].author.id` and what was expected there.
    static func schemaError(_ error: DecodingError, file: String) -> ImportError {
        switch error {
        case let .keyNotFound(key, context):
            return .schema(file: file, path: path(context.codingPath + [key]), expected: "a required \"\(key.stringValue)\" field")
        case let .typeMismatch(type, context):
            return .schema(file: file, path: path(context.codingPath), expected: "a value of type \(name(type))")
        case let .valueNotFound(type, context):
            return .schema(file: file, path: path(context.codingPath), expected: "a value of type \(name(type)), found null")
        case let .dataCorrupted(context):
            return .schema(file: file, path: path(context.codingPath), expected: context.debugDescription)
        @unknown default:
            return .schema(file: file, path: "$", expected: "\(error)")
        }
    }

    /// `messages[3].author.id` from a coding path.
    static func path(_ keys: [any CodingKey]) -> String {
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

    private static func lineAndColumn(in text: String) -> (line: Int, column: Int)? {
        guard let lineRange = text.range(of: "line "), let columnRange = text.range(of: "column ") else { return nil }
        let line = Int(text[lineRange.upperBound...].prefix(while: \.isNumber))
        let column = Int(text[columnRange.upperBound...].prefix(while: \.isNumber))
        guard let line, let column else { return nil }
        return (line, column)
    }

    private static func byteOffset(line: Int, column: Int, in data: Data) -> Int? {
        var currentLine = 1
        for (offset, byte) in data.enumerated() {
            if currentLine == line { return offset + max(column - 1, 0) }
            if byte == 0x0A { currentLine += 1 }
        }
        return nil
    }
}
