import ParleyModel

/// What an importer produced: the transcript and the problems it recovered from.
public struct ImportResult: Sendable {
    public var transcript: Transcript
    /// Recovered problems in file order (e.g. merged duplicate message ids).
    public var diagnostics: [Diagnostic]
    /// The input format that was read.
    public var format: InputFormat

    public init(transcript: Transcript, diagnostics: [Diagnostic], format: InputFormat) {
        self.transcript = transcript
        self.diagnostics = diagnostics
        self.format = format
    }
}
