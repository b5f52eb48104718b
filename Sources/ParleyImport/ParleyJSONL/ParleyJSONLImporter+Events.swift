import Foundation
import ParleyModel

extension ParleyJSONLImporter {
    /// Decodes one event line (`docs/FORMAT.md`), as `parley serve --follow` reads lines appended
    /// to a file and the ingest endpoint reads a request body.
    /// - Parameters:
    ///   - line: The line's bytes, without its line break.
    ///   - file: The file (or request) named in errors.
    ///   - lineNumber: The 1-based line number named in errors.
    ///   - offset: The line's byte offset in the file, for errors.
    /// - Throws: ``ImportError/syntax(file:offset:line:expected:)`` naming the line and the problem.
    public static func event(line: Data, file: String, lineNumber: Int, offset: Int = 0) throws(ImportError) -> TranscriptEvent {
        try ParleyEventDecoder(place: ParleyLinePlace(file: file, line: lineNumber, offset: offset)).event(from: line)
    }
}
