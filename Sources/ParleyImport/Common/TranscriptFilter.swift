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

    /// Whether `--channel` selects `channel`: one of ``channels`` is its id or its name, or its
    /// name ignoring case; every channel when ``channels`` is empty. A channel is judged on its
    /// own, so a streamed import can decide as each channel appears.
    public func selects(_ channel: Channel) -> Bool {
        channels.isEmpty || channels.contains { Self.names($0, channel) }
    }

    /// Whether `--after` and `--before` let `message` through.
    public func admits(_ message: Message) -> Bool {
        !(after.map { message.timestamp < $0 } ?? false || before.map { message.timestamp >= $0 } ?? false)
    }

    /// Whether `name` (a `--channel` value) names `channel`.
    static func names(_ name: String, _ channel: Channel) -> Bool {
        channel.name == name || channel.id.rawValue == name || channel.name.lowercased() == name.lowercased()
    }

    /// The channels `transcript` keeps: those ``selects(_:)`` selects, each with the messages
    /// ``admits(_:)`` lets through; a channel that had messages and keeps none is dropped.
    /// - Throws: ``FilterError/unknownChannel(_:available:)`` for a `--channel` value that names
    ///   no channel.
    /// - Complexity: O(channels × names + messages).
    public func apply(to transcript: Transcript) throws(FilterError) -> Transcript {
        try check(channels: transcript.channels)
        var kept = transcript
        kept.channels = transcript.channels.compactMap { channel in
            guard selects(channel) else { return nil }
            var channel = channel
            let count = channel.messages.count
            if after != nil || before != nil { channel.messages.removeAll { !admits($0) } }
            return channel.messages.isEmpty && count > 0 ? nil : channel
        }
        return kept
    }

    /// Checks that every `--channel` value names one of `channels`.
    /// - Throws: ``FilterError/unknownChannel(_:available:)`` naming the first that names none.
    public func check(channels available: [Channel]) throws(FilterError) {
        for name in channels where !available.contains(where: { Self.names(name, $0) }) {
            throw .unknownChannel(name, available: available.map(\.name))
        }
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
