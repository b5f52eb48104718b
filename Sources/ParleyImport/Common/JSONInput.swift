import Foundation

/// Decodes a whole JSON input file, turning Foundation's errors into ``ImportError`` values that
/// name the byte and line (broken JSON) or the JSON path (a missing field, a wrong type).
enum JSONInput {
    /// - Throws: ``ImportError/syntax(file:offset:line:expected:)`` or ``ImportError/schema(file:path:expected:)``.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, file: String) throws(ImportError) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            throw JSONErrorLocation.syntaxError(context, data: data, file: file)
        } catch let error as DecodingError {
            throw JSONErrorLocation.schemaError(error, file: file)
        } catch {
            throw .syntax(file: file, offset: nil, line: nil, expected: "valid JSON (\(error))")
        }
    }
}
