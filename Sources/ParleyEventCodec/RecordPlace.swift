import Foundation
import ParleyModel

/// A line of a Parley JSON Lines file (or of a request body, or a stored record): where it is,
/// for errors that name it.
package struct RecordPlace: Sendable {
    /// The file (or request, or database) named in errors.
    package let file: String
    /// The 1-based line number.
    package let line: Int
    /// The byte offset of the line's first byte in the file.
    package let offset: Int

    /// The line `line` of `file`, starting at byte `offset`.
    package init(file: String, line: Int, offset: Int) {
        self.file = file
        self.line = line
        self.offset = offset
    }

    /// An error at this line: `expected` says what the line should have held; `byte` is the
    /// offset within the line where it broke, when known.
    package func error(_ expected: String, byte: Int? = nil) -> EventRecordError {
        EventRecordError(file: file, line: line, offset: offset + (byte ?? 0), expected: expected)
    }

    /// The timestamp in `text`, an RFC 3339 string.
    /// - Throws: an error naming `field` when `text` is not RFC 3339.
    func timestamp(_ text: String, field: String) throws(EventRecordError) -> Timestamp {
        guard let timestamp = RFC3339.parse(text) else {
            throw error("at \(field): an RFC 3339 timestamp such as 2024-03-08T09:15:02.123Z, found \"\(text)\"")
        }
        return timestamp
    }

    /// One decoder for every line (its configuration never changes; making one per line costs
    /// more than decoding the line).
    private static let decoder = JSONDecoder()

    /// Decodes the line as `type`.
    /// - Throws: an error naming the byte for broken JSON, or the field for a missing field or
    ///   a value of the wrong type; `record` names the record in the message (`message record`).
    package func decode<T: Decodable>(_ type: T.Type, from data: Data, record: String) throws(EventRecordError) -> T {
        do {
            return try Self.decoder.decode(type, from: data)
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            guard case let .syntax(byte, _, expected) = JSONErrorLocation.syntaxError(context, data: data) else {
                throw error("valid JSON")
            }
            throw error(expected, byte: byte)
        } catch let decodingError as DecodingError {
            guard case let .schema(path, expected) = JSONErrorLocation.schemaError(decodingError) else {
                throw error("a valid \(record)")
            }
            throw error("\(record): at \(path): \(expected)")
        } catch {
            throw self.error("valid JSON (\(error))")
        }
    }
}
