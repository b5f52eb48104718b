import ParleyLayout
import ParleyModel

/// An ``ArchiveSource`` over a transcript held in memory (tests, benchmarks, a caller without a
/// store). It keeps no digests, so every page is rendered.
public struct TranscriptSource: ArchiveSource, EntrySource, Sendable {
    public let transcript: Transcript
    /// Each channel's messages in display order, and each message's position by id.
    private let ordered: [ChannelID: (messages: [Message], positions: [MessageID: Int])]

    /// A source holding `transcript`.
    /// - Complexity: O(n log n) for n messages (ordering).
    public init(_ transcript: Transcript) {
        self.transcript = transcript
        var ordered: [ChannelID: (messages: [Message], positions: [MessageID: Int])] = [:]
        for channel in transcript.channels {
            let messages = channel.messages.sorted { MessageOrderKey($0) < MessageOrderKey($1) }
            let positions = Dictionary(messages.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            ordered[channel.id] = (messages, positions)
        }
        self.ordered = ordered
    }

    public var title: String { transcript.title }
    public var directory: Directory { transcript.directory }
    public var channels: [Channel] {
        transcript.channels.map { channel in
            var header = channel
            header.messages = []
            return header
        }
    }
    public var headerDigest: UInt64? { nil }

    public func messageCount() -> Int { transcript.messageCount }

    public var entries: any EntrySource { self }
    public var entryReader: (@Sendable () throws(RenderError) -> any EntrySource)? { { self } }

    public func timeSpan(of channel: ChannelID) -> ClosedRange<Int64>? {
        guard let messages = ordered[channel]?.messages, let first = messages.first, let last = messages.last else { return nil }
        return first.timestamp.milliseconds...last.timestamp.milliseconds
    }

    public func holdsMessages(in channel: ChannelID, moreThan count: Int) -> Bool { (ordered[channel]?.messages.count ?? 0) > count }

    public func forEachEntry(in channel: ChannelID, during times: ClosedRange<Int64>, _ body: (ArchiveEntry) -> Void) {
        for message in ordered[channel]?.messages ?? [] where times.contains(message.timestamp.milliseconds) {
            body(ArchiveEntry(key: MessageOrderKey(message), digest: nil, hasLocalMedia: false))
        }
    }

    public func entry(in channel: ChannelID, before time: Int64) -> ArchiveEntry? {
        (ordered[channel]?.messages ?? []).last { $0.timestamp.milliseconds < time }.map {
            ArchiveEntry(key: MessageOrderKey($0), digest: nil, hasLocalMedia: false)
        }
    }

    public func forEachReply(in channel: ChannelID, during times: ClosedRange<Int64>, _ body: (MessageOrderKey, ArchiveEntry) -> Void) {
        guard let (messages, positions) = ordered[channel] else { return }
        for message in messages where times.contains(message.timestamp.milliseconds) {
            guard let target = message.reply.flatMap({ positions[$0.messageID] }) else { continue }
            body(MessageOrderKey(message), ArchiveEntry(key: MessageOrderKey(messages[target]), digest: nil, hasLocalMedia: false))
        }
    }

    public func runs(_ requests: [MessageRun.Request]) -> [MessageRun] {
        requests.map { request in
            let messages = ordered[request.channel]?.messages ?? []
            let start = messages.partitioningIndex { !(MessageOrderKey($0) < request.first) }
            let end = min(start + request.count, messages.count)
            let run = Array(messages[start..<end])
            let positions = ordered[request.channel]?.positions ?? [:]
            return MessageRun(
                before: start > 0 ? messages[start - 1] : nil, messages: run, after: end < messages.count ? messages[end] : nil,
                replyTargets: run.compactMap { $0.reply.flatMap { positions[$0.messageID] }.map { messages[$0] } })
        }
    }

    public func colors() -> [String] {
        transcript.channels.flatMap { $0.messages.flatMap { [$0.author.color] + $0.embeds.map(\.color) } }.compactMap { $0 }
    }
}

extension Array {
    /// The first index whose element satisfies `belongs`, for a predicate false then true along
    /// the array (binary search).
    /// - Complexity: O(log n).
    fileprivate func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
