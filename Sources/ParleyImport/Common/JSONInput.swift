import Foundation
import ParleyEventCodec

/// Decodes a whole JSON input file, turning Foundation's errors into ``ImportError`` values that
/// name the byte and line (broken JSON) or the JSON path (a missing field, a wrong type).
enum JSONInput {
    /// - Throws: ``ImportError/syntax(file:offset:line:expected:)`` or ``ImportError/schema(file:path:expected:)``.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, file: String) throws(ImportError) -> T {
        try decode(type, from: data, file: file, decoder: JSONDecoder())
    }

    /// Decodes `data`; when it is a JSON document cut short inside one of the record lists named
    /// by `records` (keys such as `messages`, or `$` for a top-level array), decodes what it held
    /// before the break instead (``TruncatedJSON``) and reports the break.
    /// - Returns: the value, and the diagnostic of a break (empty for a whole document).
    /// - Throws: as ``decode(_:from:file:)`` for a document that is broken otherwise.
    static func decode<T: Decodable>(
        _ type: T.Type, from data: Data, file: String, records: Set<String>, decoder: JSONDecoder = JSONDecoder()
    ) throws(ImportError) -> (value: T, diagnostics: [Diagnostic]) {
        do throws(ImportError) {
            return (try decode(type, from: data, file: file, decoder: decoder), [])
        } catch {
            guard case .syntax = error, let truncated = TruncatedJSON(data, recordKeys: records),
                let value = try? decoder.decode(type, from: truncated.document)
            else { throw error }
            return (value, [truncated.diagnostic(file: file)])
        }
    }

    /// Decodes `data` with `decoder` (for a key strategy).
    /// - Throws: as ``decode(_:from:file:)``.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, file: String, decoder: JSONDecoder) throws(ImportError) -> T {
        do {
            return try decoder.decode(type, from: data)
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            throw ImportError(JSONErrorLocation.syntaxError(context, data: data), file: file)
        } catch let error as DecodingError {
            throw ImportError(JSONErrorLocation.schemaError(error), file: file)
        } catch {
            throw .syntax(file: file, offset: nil, line: nil, expected: "valid JSON (\(error))")
        }
    }
}
