import Foundation
import ParleyEventCodec
import ParleyJSON

/// Reads a JSON export through ``JSONStreamReader``: the record lists one record at a time,
/// ParleyJSON's errors as ``ImportError`` values naming the file, byte and line, and a document
/// cut short inside a record list as the records before the break plus a diagnostic — the rule
/// for truncated files.
enum StreamedJSON {
    /// What a read gave besides the records.
    struct Outcome {
        /// The document with its record lists empty; nil when the file was cut short.
        var envelope: JSONValue?
        /// The break of a truncated file (empty for a whole document).
        var diagnostics: [Diagnostic] = []
        /// For a file cut short, the envelope as far as it was read
        /// (``JSONStreamReader/partialEnvelope``); nil for a whole document.
        var partialEnvelope: JSONValue?

        /// The envelope, or for a file cut short what was read of it (`null` if nothing was).
        var envelopeRead: JSONValue { envelope ?? partialEnvelope ?? .null }
    }

    /// Decodes `type` from `value`, an envelope (``Outcome/envelopeRead``).
    /// - Throws: ``ImportError/schema(file:path:expected:)`` naming the JSON path of a missing
    ///   field or a value of the wrong type.
    /// - Complexity: O(size of `value`).
    static func decode<T: Decodable>(
        _ type: T.Type, from value: JSONValue, file: String, decoder: JSONValueDecoder = JSONValueDecoder()
    ) throws(ImportError) -> T {
        do {
            return try decoder.decode(type, from: value)
        } catch let error as DecodingError {
            throw ImportError(JSONErrorLocation.schemaError(error), file: file)
        } catch {
            throw .schema(file: file, path: "$", expected: "\(error)")
        }
    }

    /// The coding path of the value at `path` (`chats.list[1].messages[3]`, `$[2]`): its object
    /// keys and array indices, for the errors of ``JSONValueDecoder`` to name the place in the file.
    /// - Complexity: O(length of `path`).
    static func codingPath(_ path: String) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        for component in path.split(separator: ".") {
            let parts = component.split(separator: "[", omittingEmptySubsequences: false)
            if let name = parts.first, !name.isEmpty, name != "$" { keys.append(JSONCodingKey(stringValue: String(name))) }
            for index in parts.dropFirst() { keys.append(JSONCodingKey(intValue: Int(index.dropLast()) ?? 0)) }
        }
        return keys
    }

    /// The diagnostics of the values read as `null` for lying too deep
    /// (``JSONStreamReader/drops``): one per record named, and one for the rest.
    static func drops(_ drops: (places: [String], count: Int), file: String) -> [Diagnostic] {
        let message = "a value nested deeper than 512 levels was read as null, what it held dropped"
        var diagnostics = drops.places.map { Diagnostic(file: file, location: $0, message: message) }
        if drops.count > drops.places.count {
            diagnostics.append(
                Diagnostic(
                    file: file, location: "$", message: "\(drops.count) values in all were nested deeper than 512 levels and read as null"))
        }
        return diagnostics
    }

    /// The warning for a record (or, at `$`, the envelope) one of whose strings held invalid UTF-8:
    /// the record is kept, each ill-formed sequence read as U+FFFD.
    static func invalidUTF8(file: String, location: String) -> Diagnostic {
        Diagnostic(
            file: file, location: location, message: "invalid UTF-8 in a string, read as U+FFFD replacement characters; the record is kept")
    }

    /// The bytes fed to the parser at once.
    static let chunkSize = 1 << 20

    /// Streams `bytes`, handing `handler` each event; with `hexEscapes`, Telegram Desktop's `\xHH`
    /// escapes of control characters are read as the characters (``JSONStreamReader``).
    /// `envelopeAtFirstList`, if given, is handed the envelope as read so far
    /// (``JSONStreamReader/partialEnvelope``) once, just before the first record list starts: the
    /// members written before any messages (a Telegram account export's `personal_information`).
    /// `gate`, if given, may pass over records (``JSONRecordGate``); the records of `tapeLists`
    /// come as tapes (``JSONTape``).
    /// - Throws: ``ImportError/syntax(file:offset:line:expected:)`` for bytes that are not JSON,
    ///   and for a file cut short before its first record list started;
    ///   ``ImportError/unreadable(file:reason:)`` for a file that cannot be read.
    static func read(
        _ bytes: InputBytes, file: String, lists: Set<String>, tapeLists: Set<String> = [], hexEscapes: Bool = false,
        gate: JSONRecordGate? = nil, envelopeAtFirstList: ((JSONValue?) -> Void)? = nil, handler: @escaping (JSONStreamEvent) -> Void
    ) throws(ImportError) -> Outcome {
        var lastList: String?
        weak var current: JSONStreamReader?
        var repaired: [Diagnostic] = []
        let reader = JSONStreamReader(lists: lists, tapeLists: tapeLists, hexEscapes: hexEscapes, gate: gate) { event in
            switch event {
            case let .listStarted(_, path, _):
                if lastList == nil { envelopeAtFirstList?(current?.partialEnvelope) }
                lastList = path
            case let .record(_, path, _, _), let .tapedRecord(_, path, _, _):
                if current?.takeInvalidUTF8InRecord() == true { repaired.append(invalidUTF8(file: file, location: path)) }
            case .listEnded: break
            }
            handler(event)
        }
        current = reader
        var failure: JSONStreamError?
        do {
            try bytes.forEachChunk(size: chunkSize, file: file) { chunk throws(JSONStreamError) in try reader.read(chunk) }
        } catch {
            switch error {
            case let .input(unreadable): throw unreadable
            case let .body(error): failure = error
            }
        }
        do throws(JSONStreamError) {
            if let failure { throw failure }
            let envelope = try reader.finish()
            if reader.invalidUTF8OutsideRecords { repaired.append(invalidUTF8(file: file, location: "$")) }
            return Outcome(envelope: envelope, diagnostics: repaired + Self.drops(reader.drops, file: file))
        } catch {
            switch error {
            case let .syntax(offset, line, message):
                throw .syntax(file: file, offset: offset, line: line, expected: "a JSON value, found a \(message)")
            case let .truncated(size, line, openRecord):
                guard let list = lastList else {
                    throw .syntax(
                        file: file, offset: size, line: line, expected: "the rest of the JSON document, found the end of the file")
                }
                guard let openRecord else {
                    return Outcome(
                        diagnostics: repaired + [
                            Diagnostic(
                                file: file, location: list,
                                message: "the file ends at byte \(size) (truncated?); every record in it is kept")
                        ], partialEnvelope: reader.partialEnvelope)
                }
                return Outcome(
                    diagnostics: repaired + [
                        .skipped(
                            file: file, location: openRecord,
                            reason: "the file ends at byte \(size) inside this record (truncated?); every record before it is kept")
                    ], partialEnvelope: reader.partialEnvelope)
            }
        }
    }
}
