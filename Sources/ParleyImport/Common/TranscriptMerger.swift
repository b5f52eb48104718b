import ParleyModel

/// Merges transcripts read from several inputs into one.
///
/// Channels with the same identifier are joined; a message id seen twice in one channel is
/// kept once (the later input wins) and reported as a ``Diagnostic``.
public enum TranscriptMerger {
    /// Merges `results` in order.
    /// - Returns: channels in first-seen order; the first transcript's title.
    /// - Complexity: O(m) expected for m messages in all inputs.
    public static func merge(_ results: [ImportResult]) -> (Transcript, [Diagnostic]) {
        guard var merged = results.first?.transcript else { return (Transcript(title: "Parley"), []) }
        var diagnostics = results.flatMap(\.diagnostics)
        var channelIndex = Dictionary(uniqueKeysWithValues: merged.channels.enumerated().map { ($1.id, $0) })
        for result in results.dropFirst() {
            merged.directory.merge(result.transcript.directory)
            for channel in result.transcript.channels {
                guard let index = channelIndex[channel.id] else {
                    channelIndex[channel.id] = merged.channels.count
                    merged.channels.append(channel)
                    continue
                }
                var positions = Dictionary(uniqueKeysWithValues: merged.channels[index].messages.enumerated().map { ($1.id, $0) })
                for message in channel.messages {
                    if let position = positions[message.id] {
                        merged.channels[index].messages[position] = message
                        diagnostics.append(
                            Diagnostic(
                                file: "channel \(channel.name)", location: "message \(message.id)",
                                message: "appears in more than one input; the later input's copy is kept"))
                    } else {
                        positions[message.id] = merged.channels[index].messages.count
                        merged.channels[index].messages.append(message)
                    }
                }
            }
        }
        return (merged, diagnostics)
    }
}
