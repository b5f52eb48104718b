import ParleyModel

/// Merges transcripts read from several inputs into one, so overlapping exports of one chat
/// (a re-export, two people's exports) give each message once.
///
/// Channels with the same identifier are joined. A message id seen again in the same channel is
/// resolved by ``resolve(_:_:)``: the copy with the later edit time wins; with equal edit times
/// the later input's copy is kept (it may carry newer reactions), and when the two differ in
/// content the conflict is reported as a ``Diagnostic``.
public enum TranscriptMerger {
    /// How two copies of one message compare.
    public enum Resolution: Equatable, Sendable {
        /// Keep the copy already merged: it was edited later.
        case keepExisting
        /// Take the incoming copy: it was edited later, or both are the same edit.
        case takeIncoming
        /// Same edit time, different content: take the incoming copy and report it.
        case conflict
    }

    /// Compares two copies of one message; a message never edited counts as edited earliest.
    public static func resolve(_ existing: Message, _ incoming: Message) -> Resolution {
        let old = existing.editedTimestamp?.milliseconds ?? Int64.min
        let new = incoming.editedTimestamp?.milliseconds ?? Int64.min
        if old > new { return .keepExisting }
        if new > old || existing.content == incoming.content { return .takeIncoming }
        return .conflict
    }

    /// Merges `results` in order (``mergeReporting(_:)`` without the merged copies).
    public static func merge(_ results: [ImportResult]) -> (Transcript, [Diagnostic]) {
        let merged = mergeReporting(results)
        return (merged.transcript, merged.diagnostics)
    }

    /// Merges `results` in order.
    /// - Returns: channels in first-seen order (a topic, guild, parent or platform the first copy
    ///   lacks taken from a later one, the former ids of every copy, first-seen first; a channel
    ///   that names no platform takes its input format's, ``InputFormat/platform``), each channel's messages
    ///   in first-seen order;
    ///   the first transcript's title; the inputs' diagnostics followed by merge conflicts; and
    ///   every message an input brought again (``MergedCopy``, in the order met; each copy's place
    ///   is its input's file: a whole import keeps no place within a file).
    /// - Complexity: O(m) expected for m messages in all inputs.
    public static func mergeReporting(_ results: [ImportResult]) -> (
        transcript: Transcript, diagnostics: [Diagnostic], copies: [MergedCopy]
    ) {
        guard let first = results.first else { return (Transcript(title: "Parley"), [], []) }
        var merged = Transcript(title: first.transcript.title, directory: first.transcript.directory)
        var diagnostics = results.flatMap(\.diagnostics)
        var copies: [MergedCopy] = []
        var channelIndex: [ChannelID: Int] = [:]
        var positions: [[MessageID: (index: Int, file: String)]] = []
        for (inputIndex, result) in results.enumerated() {
            if inputIndex > 0 { merged.directory.merge(result.transcript.directory) }
            for var channel in result.transcript.channels {
                if channel.platform == nil { channel.platform = result.format.platform }
                guard let index = channelIndex[channel.id] else {
                    channelIndex[channel.id] = merged.channels.count
                    merged.channels.append(channel)
                    positions.append(Dictionary(channel.messages.enumerated().map { ($1.id, ($0, result.file)) }) { _, later in later })
                    continue
                }
                if merged.channels[index].topic == nil { merged.channels[index].topic = channel.topic }
                if merged.channels[index].guild == nil { merged.channels[index].guild = channel.guild }
                if merged.channels[index].parent == nil { merged.channels[index].parent = channel.parent }
                if merged.channels[index].platform == nil { merged.channels[index].platform = channel.platform }
                for former in channel.formerIDs where !merged.channels[index].formerIDs.contains(former) {
                    merged.channels[index].formerIDs.append(former)
                }
                for message in channel.messages {
                    guard let (position, file) = positions[index][message.id] else {
                        positions[index][message.id] = (merged.channels[index].messages.count, result.file)
                        merged.channels[index].messages.append(message)
                        continue
                    }
                    let existing = merged.channels[index].messages[position]
                    let outcome = MergedCopy.Outcome(
                        first: existing.editedTimestamp?.milliseconds, later: message.editedTimestamp?.milliseconds,
                        identical: existing == message)
                    copies.append(
                        MergedCopy(
                            channel: channel.id, channelName: channel.name, id: message.id, first: file, later: result.file,
                            outcome: outcome))
                    guard outcome.keepsLater else { continue }
                    if resolve(existing, message) == .conflict {
                        diagnostics.append(
                            Diagnostic(
                                file: result.file, location: "channel \(channel.name), message \(message.id)",
                                message: "differs from the copy in \(file) (same edit time, different content); this input's copy is kept"))
                    }
                    merged.channels[index].messages[position] = message
                    positions[index][message.id] = (position, result.file)
                }
            }
        }
        return (merged, diagnostics, copies)
    }

    /// The grouping rule of every channel of `results`: each input's rule for its channels, the
    /// first input naming a channel deciding for it.
    public static func groupingPolicies(_ results: [ImportResult]) -> [ChannelID: GroupingPolicy] {
        var policies: [ChannelID: GroupingPolicy] = [:]
        for result in results {
            for channel in result.transcript.channels where policies[channel.id] == nil {
                policies[channel.id] = result.policy(for: channel.id)
            }
        }
        return policies
    }
}
