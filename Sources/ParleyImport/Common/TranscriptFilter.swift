import ParleyModel

/// Keeps part of a transcript: messages in a time range and channels by name
/// (`parley render` and `parley convert` flags `--after`, `--before`, `--channel`).
public struct TranscriptFilter: Hashable, Sendable {
    /// Keep messages sent at or after this instant (UTC), if set.
    public var after: Timestamp?
    /// Keep messages sent before this instant (UTC), if set.
    public var before: Timestamp?
    /// Keep these channels, named by name or id; empty keeps every channel.
    public var channels: [String]

    /// A filter keeping messages in `[after, before)` of the `channels` named (all when empty).
    public init(after: Timestamp? = nil, before: Timestamp? = nil, channels: [String] = []) {
        self.after = after
        self.before = before
        self.channels = channels
    }

    /// The instant an RFC 3339 time such as `2024-03-01T12:00:00Z` or `…+02:00` names, or nil.
    public static func instant(_ text: String) -> Timestamp? { RFC3339.parse(text) }

    /// The part of `transcript` the filter keeps: the named channels in transcript order, each
    /// with its messages in `[after, before)`. A channel the time range empties is left out.
    /// - Throws: ``FilterError/unknownChannel(_:available:)`` when a name matches no channel
    ///   (neither a name nor an id, nor a name ignoring case).
    /// - Complexity: O(c · k + m) for c channels, k names and m messages.
    public func apply(to transcript: Transcript) throws(FilterError) -> Transcript {
        var kept = transcript
        if !channels.isEmpty {
            var wanted: Set<ChannelID> = []
            for name in channels {
                let matches = transcript.channels.filter { $0.name == name || $0.id.rawValue == name }
                let loose = matches.isEmpty ? transcript.channels.filter { $0.name.lowercased() == name.lowercased() } : matches
                guard !loose.isEmpty else { throw .unknownChannel(name, available: transcript.channels.map(\.name)) }
                wanted.formUnion(loose.map(\.id))
            }
            kept.channels = transcript.channels.filter { wanted.contains($0.id) }
        }
        guard after != nil || before != nil else { return kept }
        kept.channels = kept.channels.compactMap { channel in
            var channel = channel
            let count = channel.messages.count
            channel.messages.removeAll { message in
                after.map { message.timestamp < $0 } ?? false || before.map { message.timestamp >= $0 } ?? false
            }
            return channel.messages.isEmpty && count > 0 ? nil : channel
        }
        return kept
    }
}

/// Why a ``TranscriptFilter`` cannot be applied.
public enum FilterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `--channel NAME` names no channel of the inputs; `available` lists the channels there are.
    case unknownChannel(String, available: [String])

    /// The message `parley` prints, naming the channels there are.
    public var description: String {
        switch self {
        case let .unknownChannel(name, available):
            return "--channel: no channel named '\(name)'; expected one of: " + available.map { "'\($0)'" }.joined(separator: ", ")
        }
    }
}
