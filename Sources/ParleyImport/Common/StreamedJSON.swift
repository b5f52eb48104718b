import Foundation
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
    }

    /// The bytes fed to the parser at once.
    static let chunkSize = 1 << 20

    /// Streams `data`, handing `handler` each event.
    /// - Throws: ``ImportError/syntax(file:offset:line:expected:)`` for bytes that are not JSON,
    ///   and for a file cut short before its first record list started.
    static func read(
        _ data: Data, file: String, lists: Set<String>, handler: @escaping (JSONStreamEvent) -> Void
    ) throws(ImportError) -> Outcome {
        var lastList: String?
        let reader = JSONStreamReader(lists: lists) { event in
            if case let .listStarted(_, path, _) = event { lastList = path }
            handler(event)
        }
        do throws(JSONStreamError) {
            var start = data.startIndex
            while start < data.endIndex {
                let end = min(start + chunkSize, data.endIndex)
                let read = data[start..<end].withUnsafeBytes { bytes in Result { () throws(JSONStreamError) in try reader.read(bytes) } }
                try read.get()
                start = end
            }
            return Outcome(envelope: try reader.finish())
        } catch {
            switch error {
            case let .syntax(offset, line, message):
                throw .syntax(file: file, offset: offset, line: line, expected: "valid JSON: \(message)")
            case let .truncated(size, line, openRecord):
                guard let list = lastList else {
                    throw .syntax(file: file, offset: size, line: line, expected: "valid JSON: the file ends before the document does")
                }
                guard let openRecord else {
                    return Outcome(
                        diagnostics: [
                            Diagnostic(
                                file: file, location: list,
                                message: "the file ends at byte \(size) (truncated?); every record in it is kept")
                        ])
                }
                return Outcome(diagnostics: [
                    .skipped(
                        file: file, location: openRecord,
                        reason: "the file ends at byte \(size) inside this record (truncated?); every record before it is kept")
                ])
            }
        }
    }
}
