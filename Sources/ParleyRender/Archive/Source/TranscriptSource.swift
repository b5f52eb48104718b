import ParleyLayout
import ParleyModel

/// An ``ArchiveSource`` over a transcript held in memory (tests, benchmarks, a caller without a
/// store). It keeps no digests, so every page is rendered.
public struct TranscriptSource: ArchiveSource {
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

    public func forEachEntry(in channel: ChannelID, _ body: (ArchiveEntry) -> Void) {
        for message in ordered[channel]?.messages ?? [] {
            body(ArchiveEntry(key: MessageOrderKey(message), digest: nil, hasLocalMedia: false))
        }
    }

    public func forEachReply(in channel: ChannelID, _ body: (MessageOrderKey, ArchiveEntry) -> Void) {
        guard let (messages, positions) = ordered[channel] else { return }
        for message in messages {
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
