/// Where an input holds one record, as diagnostics name it: the file the record is in and its
/// place in that file.
///
/// Inside an input that bundles several files (a folder of DiscordChatExporter exports, a Slack
/// export's day files, the JSON file or chat of a folder or zip) ``file`` is the file within it,
/// named as the importer's own diagnostics name it — `export/general [1000].json`,
/// `export.zip/result.json`, `export.zip: general/2024-01-02.json` — so a diagnostic about the
/// record (a duplicate id, a conflict) points into the right file.
public struct RecordLocation: Hashable, Sendable, CustomStringConvertible {
    /// The file holding the record (``Diagnostic/file``).
    public var file: String
    /// Where in ``file`` (``Diagnostic/location``): a JSON path such as `messages[12]` or `$[3]`,
    /// or, for a record handed over after the input was read whole, its channel and message id.
    public var place: String

    public init(file: String, place: String) {
        self.file = file
        self.place = place
    }

    /// `file: place`, as a ``Diagnostic`` writes its file and location.
    public var description: String { "\(file): \(place)" }

    /// How a diagnostic about a record in `file` refers to this one: its place alone when it is in
    /// that file too (`messages[7]`), else with its file (`export/a.json: messages[7]`).
    public func reference(from file: String) -> String { self.file == file ? place : description }
}
