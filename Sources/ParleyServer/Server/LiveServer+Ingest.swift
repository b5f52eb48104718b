import ParleyModel

extension LiveServer {
    /// Changes channel `channel` with `events` made in this process (the `--demo` simulation)
    /// the way a post to `/c/{channel}/events` does: with a database (``ServerConfiguration/ingest``),
    /// the events are checked, committed as Parley JSON Lines records and applied at the database's
    /// version, under the same lock as posts, so the channel's versions are the database's and a
    /// restart rebuilds them; without one they are applied at the channel's version plus one.
    /// All or nothing. An empty batch changes nothing.
    /// - Returns: the channel's version after the batch (the database's version of its last event).
    /// - Throws: ``IngestError/foreignEvent(index:channel:expected:)``,
    ///   ``IngestError/unknownChannel(_:)`` when `channel` is not live (or cannot be created),
    ///   ``IngestError/rejected(index:_:)`` for an event that cannot apply; with a database also
    ///   ``IngestError/unencodable(index:_:)``, ``IngestError/uncreatableChannel(_:)``,
    ///   ``IngestError/storeFailed(_:)``, ``IngestError/notApplied(version:_:)``.
    /// - Complexity: O(messages + events), plus one synchronous commit with a database.
    @discardableResult
    public func ingest(_ events: [TranscriptEvent], to channel: ChannelID) throws(IngestError) -> Int {
        let live = core.registry[channel]?.channel as? LiveServedChannel
        if events.isEmpty {
            guard let live else { throw .unknownChannel(channel) }
            return live.version
        }
        if let ingest = core.ingest { return try ingest.ingest(events, to: channel) }
        if let index = events.firstIndex(where: { $0.channel != channel }) {
            throw .foreignEvent(index: index, channel: events[index].channel, expected: channel)
        }
        guard let live else { throw .unknownChannel(channel) }
        do throws(EventError) {
            return try live.apply(events)?.version ?? live.version
        } catch {
            throw .rejected(index: live.firstFailure(in: events)?.index ?? 0, error)
        }
    }
}
