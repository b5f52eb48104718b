/// A transcript with indexes from channel and message ids to positions, so that applying a
/// long stream of events stays linear: the same transitions as ``Transcript/apply(_:)``.
public struct IndexedTranscript: Sendable {
    /// The transcript as changed by the events applied so far.
    public private(set) var transcript: Transcript
    private var channelPositions: [ChannelID: Int]
    private var messagePositions: [[MessageID: Int]]

    /// Indexes `transcript`. When a channel holds one id twice, events change the later copy.
    /// - Complexity: O(m) for m messages.
    public init(_ transcript: Transcript) {
        self.transcript = transcript
        channelPositions = [:]
        for (index, channel) in transcript.channels.enumerated() where channelPositions[channel.id] == nil {
            channelPositions[channel.id] = index
        }
        messagePositions = transcript.channels.map { channel in
            Dictionary(channel.messages.enumerated().map { ($1.id, $0) }) { _, later in later }
        }
    }

    /// Applies `event`; see ``Channel/apply(_:)`` for what each case does.
    /// - Throws: the ``EventError`` that ``Transcript/apply(_:)`` throws for the same event.
    /// - Complexity: O(1) expected, O(r) for r reactions of the message; O(n) for a delete in a
    ///   channel of n messages (later positions move).
    public mutating func apply(_ event: TranscriptEvent) throws(EventError) {
        guard let channel = channelPositions[event.channel] else { throw .unknownChannel(event.channel) }
        let position = messagePositions[channel][event.messageID]
        switch try transcript.channels[channel].apply(event, at: position) {
        case .appended:
            messagePositions[channel][event.messageID] = transcript.channels[channel].messages.count - 1
        case .replaced:
            break
        case let .removed(removed):
            let messages = transcript.channels[channel].messages
            messagePositions[channel][event.messageID] = messages[..<removed].lastIndex { $0.id == event.messageID }
            for index in removed..<messages.count { messagePositions[channel][messages[index].id] = index }
        }
    }
}
