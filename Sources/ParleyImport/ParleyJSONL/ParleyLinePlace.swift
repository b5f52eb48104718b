import Foundation
import ParleyModel

/// A line of a Parley JSON Lines file: where it is, for errors that name it.
struct ParleyLinePlace {
    let file: String
    /// The 1-based line number.
    let line: Int
    /// The byte offset of the line's first byte in the file.
    let offset: Int

    /// An error at this line: `expected` says what the line should have held.
    func error(_ expected: String, byte: Int? = nil) -> ImportError {
        .syntax(file: file, offset: offset + (byte ?? 0), line: line, expected: expected)
    }

    /// This line reported as skipped because of `error` (an error at this line).
    func skipped(_ error: ImportError) -> Diagnostic {
        guard case let .syntax(_, byte, _, expected) = error else {
            return .skipped(file: file, location: "line \(line)", reason: error.description, cause: error)
        }
        return .skipped(
            file: file, location: "line \(line)\(byte.map { ", byte \($0)" } ?? "")", reason: "expected \(expected)", cause: error)
    }

    /// The timestamp in `text`, an RFC 3339 string.
    /// - Throws: an error naming `field` when `text` is not RFC 3339.
    func timestamp(_ text: String, field: String) throws(ImportError) -> Timestamp {
        guard let timestamp = RFC3339.parse(text) else {
            throw error("at \(field): an RFC 3339 timestamp such as 2024-03-08T09:15:02.123Z, found \"\(text)\"")
        }
        return timestamp
    }

    /// Decodes the line as `type`.
    /// - Throws: an error naming the byte for broken JSON, or the field for a missing field or
    ///   a value of the wrong type; `record` names the record in the message (`message record`).
    func decode<T: Decodable>(_ type: T.Type, from data: Data, record: String) throws(ImportError) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            guard case let .syntax(_, byte, _, expected) = JSONErrorLocation.syntaxError(context, data: data, file: file) else {
                throw error("valid JSON")
            }
            throw error(expected, byte: byte)
        } catch let decodingError as DecodingError {
            guard case let .schema(_, path, expected) = JSONErrorLocation.schemaError(decodingError, file: file) else {
                throw error("a valid \(record)")
            }
            throw error("\(record): at \(path): \(expected)")
        } catch {
            throw self.error("valid JSON (\(error))")
        }
    }
}
