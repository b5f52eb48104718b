extension Transcript {
    /// Applies `event` to the channel it names: the pure state transition the live server and
    /// the JSON Lines reader share (see ``Channel/apply(_:)`` for each case).
    ///
    /// - Throws: ``EventError/unknownChannel(_:)`` when no channel has the event's channel id,
    ///   else the channel's ``EventError``. A failed event leaves the transcript unchanged.
    /// - Complexity: O(c + n) for c channels and n messages in the channel; use
    ///   ``IndexedTranscript`` to apply many events.
    public mutating func apply(_ event: TranscriptEvent) throws(EventError) {
        guard let index = channels.firstIndex(where: { $0.id == event.channel }) else {
            throw .unknownChannel(event.channel)
        }
        try channels[index].apply(event)
    }
}
