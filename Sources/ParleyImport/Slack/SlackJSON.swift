import Foundation
import ParleyEventCodec

/// Decodes one whole JSON file of a Slack export (the workspace lists; snake_case keys), turning
/// Foundation's errors into ``ImportError`` values that name the file, and the byte and line
/// (broken JSON) or the JSON path (a missing field, a wrong type).
enum SlackJSON {
    /// - Throws: ``ImportError/syntax(file:offset:line:expected:)`` or ``ImportError/schema(file:path:expected:)``.
    /// - Complexity: O(bytes of `data`).
    static func decode<Value: Decodable>(_ data: Data, file: String) throws(ImportError) -> Value {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return try decoder.decode(Value.self, from: data)
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            throw ImportError(JSONErrorLocation.syntaxError(context, data: data), file: file)
        } catch let error as DecodingError {
            throw ImportError(JSONErrorLocation.schemaError(error), file: file)
        } catch {
            throw .syntax(file: file, offset: nil, line: nil, expected: "valid JSON (\(error))")
        }
    }
}
