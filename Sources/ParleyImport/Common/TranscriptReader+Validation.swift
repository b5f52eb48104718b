import ParleyModel

extension TranscriptReader {
    /// `result` without the messages ``MessageValidator`` refuses, each reported as a skipped
    /// record naming its channel, message id and field: the one check every importer's output
    /// passes, so no value outside ``MessageLimits`` reaches the layout, a page or a database.
    /// - Complexity: O(size of the transcript).
    static func validated(_ result: ImportResult) -> ImportResult {
        let validator = MessageValidator()
        var result = result
        for index in result.transcript.channels.indices {
            let channel = result.transcript.channels[index]
            var kept: [Message] = []
            kept.reserveCapacity(channel.messages.count)
            for message in channel.messages {
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
            if kept.count != channel.messages.count { result.transcript.channels[index].messages = kept }
        }
        return result
    }
}
