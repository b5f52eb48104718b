import ParleyEventCodec
import ParleyJSON

/// One record of a JSON array, decoded on its own so that a record that cannot be read costs
/// only itself: the rule for odd records (``Diagnostic/skipped(file:location:reason:)``).
///
/// Decoding never fails for a well-formed JSON value; the record's own ``DecodingError`` (a
/// missing field, a wrong type, a number that does not fit) is kept in ``value`` for the
/// importer to report. Broken JSON syntax still fails the whole document.
struct Lossy<Record: Decodable>: Decodable {
    /// The record, or why it could not be read (its coding path names the record and field).
    let value: Result<Record, DecodingError>

    init(from decoder: any Decoder) throws {
        do {
            value = .success(try Record(from: decoder))
        } catch let error as DecodingError {
            value = .failure(error)
        }
    }

    /// The record a ``JSONStreamReader`` handed over as `value` at `path` (`messages[3]`), or nil
    /// after reporting it to `diagnostics` as skipped, naming `file`, its JSON path and what was expected.
    /// - Complexity: O(size of `value`).
    static func record(
        _ value: JSONValue, at path: String, decoder: JSONValueDecoder, file: String, diagnostics: inout [Diagnostic]
    ) -> Record? {
        guard let entry = try? decoder.decode(Self.self, from: value) else { return nil }
        // The record's place in the document only matters to an error: it is worked out then.
        if case .failure = entry.value, let placed = try? decoder.decode(Self.self, from: value, codingPath: StreamedJSON.codingPath(path))
        {
            return placed.record(file: file, diagnostics: &diagnostics)
        }
        return entry.record(file: file, diagnostics: &diagnostics)
    }

    /// The record, or nil after reporting it to `diagnostics` as skipped, naming `file`, its
    /// JSON path and what was expected.
    func record(file: String, diagnostics: inout [Diagnostic]) -> Record? {
        switch value {
        case let .success(record):
            return record
        case let .failure(error):
            diagnostics.append(Diagnostic.skipped(decoding: error, file: file))
            return nil
        }
    }
}

extension Diagnostic {
    /// A record skipped because `error` (from decoding it) says what was expected where.
    static func skipped(decoding error: DecodingError, file: String) -> Diagnostic {
        let cause = ImportError(JSONErrorLocation.schemaError(error), file: file)
        guard case let .schema(_, path, expected) = cause else { return .skipped(file: file, location: "$", reason: "\(error)") }
        return .skipped(file: file, location: path, reason: "expected \(expected)", cause: cause)
    }

    /// A record skipped because converting it failed with `error`.
    static func skipped(_ error: ImportError, file: String, location: String) -> Diagnostic {
        switch error {
        case let .schema(_, path, expected): return .skipped(file: file, location: path, reason: "expected \(expected)", cause: error)
        default: return .skipped(file: file, location: location, reason: error.description, cause: error)
        }
    }
}
