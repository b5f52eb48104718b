import ParleyModel

extension TranscriptReader {
    /// `result` with the control characters of its messages' texts replaced (``ControlCharacters``),
    /// the messages of the person `me` names marked outgoing (``OutgoingMarker``), and without the messages ``MessageValidator`` refuses, each reported as a skipped record
    /// naming its channel, message id and field: the one check every importer's output passes, so
    /// no value outside ``MessageLimits`` and no control character reaches the layout, a page or a
    /// database. ``ValidatingSink`` does the same for a streamed read.
    ///
    /// An input of which no record could be read — every one skipped — is not what it was taken
    /// for: the first skipped record's error is thrown.
    /// - Throws: the ``Diagnostic/cause`` of the first skipped record when no message is left.
    /// - Complexity: O(size of the transcript).
    static func validated(_ result: ImportResult, me: String?) throws(ImportError) -> ImportResult {
        let validator = MessageValidator()
        let outgoing = OutgoingMarker(me)
        var result = result
        for index in result.transcript.channels.indices {
            let channel = result.transcript.channels[index]
            var kept: [Message] = []
            kept.reserveCapacity(channel.messages.count)
            for message in channel.messages {
                var message = ControlCharacters.replaced(in: message)
                if let outgoing { message = outgoing.marked(message) }
                do {
                    try validator.validate(message)
                    kept.append(message)
                } catch {
                    result.diagnostics.append(
                        .skipped(
                            file: result.file, location: "channel \"\(channel.name)\", message \"\(message.id)\"",
                            reason: error.description))
                }
            }
            result.transcript.channels[index].messages = kept
        }
        if result.transcript.channels.allSatisfy(\.messages.isEmpty), let first = result.diagnostics.first(where: \.skipsRecord) {
            throw first.cause ?? .schema(file: first.file, path: first.location, expected: first.message)
        }
        return result
    }
}
