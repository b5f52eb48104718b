import ParleyModel

/// The forum topics of one Telegram group, and which topic each message is in.
///
/// Telegram Desktop's export has no topic field: a message in a topic carries the topic's
/// `reply_to_message_id`, the id of the `topic_created` service message that opened it (the
/// topic's id), unless it replies to another message, whose topic it then shares. So a message
/// replying to a topic's creation is in that topic and replies to nothing; one replying to a
/// message in a topic is in that topic and keeps its reply; the rest (the "General" topic, which
/// has no creation message) stay in the group. Telegram lists messages in id order, so a topic's
/// creation, and a reply's target, come before the messages that point at them.
///
/// Each topic becomes a channel of its own (``Channel/Kind/thread``, named by its title, under the
/// group's name), with an id of its own made from the group's and the topic's (`10-topic-5`), so
/// the group's channel and its existing pages keep theirs. The `topic_created` message stays in the
/// group, where the app lists its topics, and links to the topic (``Message/thread``). Earlier
/// versions of Parley kept a topic's messages in the group's channel: that is the topic channel's
/// former id (``Channel/formerIDs``), so an archive they made moves them to the topic.
struct TelegramTopics {
    /// The topics by the id of the message that created them, with their titles, in creation order.
    private var titles: [(root: MessageID, title: String)] = []
    /// Each topic's place in ``titles``, by its id and by its channel id under the group id the
    /// messages were converted under.
    private var indexByRoot: [MessageID: Int] = [:]
    private var indexByChannel: [ChannelID: Int] = [:]
    /// For each message in a topic, the topic's id.
    private var topicOf: [MessageID: MessageID] = [:]

    /// The channel id of the topic `root` of `group`.
    static func channelID(group: ChannelID, root: MessageID) -> ChannelID { ChannelID("\(group.rawValue)-topic-\(root.rawValue)") }

    /// Puts `message`, converted under the group `group`, in its topic: a `topic_created` message
    /// (``Message/Kind/threadCreated``, titled `title`) opens one and links to it; a reply to a
    /// topic's creation or to a message in a topic moves to that topic's channel.
    /// - Complexity: O(1) amortized; memory grows by one entry per message in a topic.
    mutating func place(_ message: inout Message, group: ChannelID, title: String?) {
        if message.kind == .threadCreated {
            let id = Self.channelID(group: group, root: message.id)
            if indexByRoot[message.id] == nil {
                indexByRoot[message.id] = titles.count
                indexByChannel[id] = titles.count
                titles.append((message.id, title ?? "Topic \(message.id.rawValue)"))
            }
            message.thread = id
            return
        }
        guard let reply = message.reply, reply.channelID == nil else { return }
        if indexByRoot[reply.messageID] != nil {
            message.reply = nil
            if message.kind == .reply { message.kind = .default }
            topicOf[message.id] = reply.messageID
        } else if let root = topicOf[reply.messageID] {
            topicOf[message.id] = root
        } else {
            return
        }
        message.channel = Self.channelID(group: group, root: topicOf[message.id] ?? reply.messageID)
    }

    /// The topic channel `id` of `group` (no messages), or nil when `id` is not one of its topics;
    /// `group` has the id the messages were converted under.
    /// - Complexity: O(1).
    func channel(_ id: ChannelID, of group: Channel) -> Channel? {
        guard let index = indexByChannel[id] else { return nil }
        return Self.channel(titles[index].title, id: id, group: group)
    }

    /// Every topic of `group` as a channel with no messages, in creation order.
    func channels(of group: Channel) -> [Channel] {
        titles.map { Self.channel($0.title, id: Self.channelID(group: group.id, root: $0.root), group: group) }
    }

    /// The topic's id of a topic channel, named as under the group id the messages were converted
    /// under; nil for another channel.
    /// - Complexity: O(1).
    func root(of channel: ChannelID) -> MessageID? { indexByChannel[channel].map { titles[$0].root } }

    /// A topic's channel; its former id is the group's, where Parley put a topic's messages
    /// before topics were channels of their own.
    private static func channel(_ title: String, id: ChannelID, group: Channel) -> Channel {
        var channel = Channel(id: id, name: title, kind: .thread, category: group.name)
        channel.formerIDs = [group.id]
        return channel
    }
}
