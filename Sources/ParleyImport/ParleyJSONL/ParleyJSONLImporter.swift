import Foundation
import ParleyEventCodec
import ParleyModel

/// Reads Parley's own JSON Lines format (`docs/FORMAT.md`, version 1): a header record, then
/// event records applied in order.
///
/// Blank lines are skipped, a `\r\n` ending and a leading byte order mark are accepted, unknown
/// fields are ignored. Events are applied through ``IndexedTranscript``, the same transitions
/// as ``Transcript/apply(_:)`` uses for the live server.
public struct ParleyJSONLImporter: Sendable {
    /// A reader of Parley JSON Lines.
    public init() {}

    /// Whether `data` is a Parley JSON Lines file: its first line is a JSON object with
    /// `"type":"header"` and `"format":"parley"`. Returns nil when it is, else why not.
    /// - Complexity: O(length of the first line); only a line holding `"header"` is parsed.
    public func rejection(of data: Data) -> String? {
        let bytes = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        guard let start = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) else {
            return "empty input"
        }
        let line = bytes[start..<(bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex)]
        guard line.first == UInt8(ascii: "{"), line.range(of: Data("\"header\"".utf8)) != nil else {
            return "first line is not a Parley header record ({\"type\":\"header\",\"format\":\"parley\",…})"
        }
        guard let header = try? JSONDecoder().decode(ParleyRecords.Header.self, from: Data(line)), header.type == "header",
            header.format == "parley"
        else { return "first line is not a valid Parley header record" }
        return nil
    }

    /// Imports one file.
    /// - Parameters:
    ///   - data: The file's bytes (UTF-8 JSON Lines).
    ///   - file: The file name used in errors.
    /// - Returns: The transcript the events build, with the header's grouping rules.
    /// - Throws: ``ImportError/syntax(file:offset:line:expected:)`` naming the line and byte for
    ///   a missing or invalid header. An event line that cannot be read (broken JSON — such as a
    ///   truncated last line —, a missing required field, a value of the wrong type or outside
    ///   ``MessageLimits``, an unknown record type) or applied (``EventError``) is skipped and
    ///   reported as a diagnostic naming its line; the lines after it are read.
    /// - Complexity: O(n) for n bytes (one event is O(1) expected; a delete is O(messages)).
    public func importTranscript(_ data: Data, file: String) throws(ImportError) -> ImportResult {
        let lines = ParleyLines(data)
        guard let first = lines.first else {
            throw .syntax(file: file, offset: 0, line: 1, expected: "a header record; the file is empty")
        }
        let place = RecordPlace(file: file, line: first.number, offset: first.offset)
        let header: ParleyHeader
        do throws(EventRecordError) {
            header = try self.header(first.bytes, at: place)
        } catch {
            throw ImportError(error)
        }
        var transcript = IndexedTranscript(header.transcript)
        var diagnostics: [Diagnostic] = []
        for line in lines.dropFirst() {
            let place = RecordPlace(file: file, line: line.number, offset: line.offset)
            let event: TranscriptEvent
            do {
                event = try EventRecordDecoder(place: place).event(from: line.bytes)
            } catch {
                diagnostics.append(Self.skipped(error))
                continue
            }
            do {
                try transcript.apply(event)
            } catch {
                diagnostics.append(
                    .skipped(
                        file: file, location: "line \(line.number), byte \(line.offset)", reason: error.description,
                        cause: ImportError(place.error(error.description))))
            }
        }
        return ImportResult(
            transcript: transcript.transcript, diagnostics: diagnostics, format: .parleyJSONL, groupingPolicy: header.policy,
            channelPolicies: header.channelPolicies, file: file)
    }

    /// The line of `error` reported as skipped.
    static func skipped(_ error: EventRecordError) -> Diagnostic {
        .skipped(
            file: error.file, location: "line \(error.line), byte \(error.offset)", reason: "expected \(error.expected)",
            cause: ImportError(error))
    }

    private func header(_ bytes: Data, at place: RecordPlace) throws(EventRecordError) -> ParleyHeader {
        let head = try place.decode(EventRecords.Head.self, from: bytes, record: "header record")
        guard head.type == "header" else {
            throw place.error(
                "a header record ({\"type\":\"header\",\"format\":\"parley\",\"version\":1,…}), found a \"\(head.type)\" record")
        }
        let record = try place.decode(ParleyRecords.Header.self, from: bytes, record: "header record")
        guard record.format == "parley" else { throw place.error("header record: \"format\":\"parley\", found \"\(record.format)\"") }
        guard record.version == 1 else { throw place.error("header record: \"version\":1, found \(record.version)") }
        return ParleyHeader(record)
    }
}
