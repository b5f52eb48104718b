/// A problem an importer met and recovered from, reported to the user.
///
/// Most diagnostics lose nothing (a duplicate merged, a zone-less date read as UTC). A diagnostic
/// with ``skipsRecord`` set reports a record that could not be read and was left out — the rule
/// for odd records: one record never costs the rest of the import, it is skipped and named, the
/// summary counts it, and `--strict` turns the first one into an error.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// The input file.
    public var file: String
    /// Where in the file: a JSON path such as `messages[1]`, or `line 12`.
    public var location: String
    public var message: String
    /// Whether a record was left out of the transcript.
    public var skipsRecord: Bool
    /// For a skipped record, the error reading it gave: what an import that reads no record at
    /// all throws (``TranscriptReader``), and what `--strict` reports.
    public var cause: ImportError?

    public init(file: String, location: String, message: String, skipsRecord: Bool = false, cause: ImportError? = nil) {
        self.file = file
        self.location = location
        self.message = message
        self.skipsRecord = skipsRecord
        self.cause = cause
    }

    /// A record at `location` that was left out because of `reason` (what was found and what was
    /// expected); `cause` is the error reading it gave (by default `reason` at `location`).
    public static func skipped(file: String, location: String, reason: String, cause: ImportError? = nil) -> Diagnostic {
        Diagnostic(
            file: file, location: location, message: "record skipped: \(reason)", skipsRecord: true,
            cause: cause ?? .schema(file: file, path: location, expected: reason))
    }

    /// A copy of message `id` at `location` whose id the same input held before, at `first`: the
    /// copies were merged, the later kept. `first` is named by its place alone when it is in
    /// `location`'s file, else with its file (``RecordLocation/reference(from:)``).
    public static func duplicate(id: String, at location: RecordLocation, firstSeenAt first: RecordLocation) -> Diagnostic {
        Diagnostic(
            file: location.file, location: location.place,
            message: "duplicate message id \(id) (first seen at \(first.reference(from: location.file))); merged, later copy kept")
    }

    public var description: String { "\(file): \(location): \(message)" }
}
