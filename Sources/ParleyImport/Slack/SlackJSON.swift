import Foundation

/// Decodes one JSON file of a Slack export (snake_case keys), turning failures into ``ImportError``
/// values that name the file, and the byte and line or the field.
enum SlackJSON {
    static func decode<Value: Decodable>(_ data: Data, file: String) throws(ImportError) -> Value {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return try decoder.decode(Value.self, from: data)
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            throw JSONErrorLocation.syntaxError(context, data: data, file: file)
        } catch let error as DecodingError {
            throw JSONErrorLocation.schemaError(error, file: file)
        } catch {
            throw .syntax(file: file, offset: nil, line: nil, expected: "valid JSON (\(error))")
        }
    }
}
