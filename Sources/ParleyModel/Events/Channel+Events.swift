extension Channel {
    /// What applying an event did to a channel's message list, for callers that keep an index.
    package enum EventEffect: Equatable {
        case appended, replaced(Int), removed(Int)
    }

    /// Applies `event` to this channel: the pure state transition behind Parley's event records.
    ///
    /// - Parameter event: an event whose ``TranscriptEvent/channel`` is this channel's id.
    /// - Throws: ``EventError/unknownChannel(_:)`` when the event names another channel,
    ///   ``EventError/unknownMessage(channel:id:)`` when an edit, append, delete or reaction names
    ///   a message the channel does not have, ``EventError/unknownReaction(channel:id:emoji:)``
    ///   when a reaction to remove is absent, ``EventError/invalidCount(channel:id:count:)`` for a
    ///   reaction count below 1, ``EventError/limitExceeded(channel:id:problem:)`` when an append
    ///   or a reaction would take the message past ``MessageLimits/standard``. A failed event
    ///   leaves the channel unchanged.
    /// - Complexity: O(n) for n messages (the message is looked up from the end).
    public mutating func apply(_ event: TranscriptEvent) throws(EventError) {
        try apply(event, at: messages.lastIndex { $0.id == event.messageID })
    }

    /// Applies `event` to the message at `position` (nil: the channel has no message with the
    /// event's id). Everything but a delete is O(1) (amortized) apart from the reaction list.
    @discardableResult
    package mutating func apply(_ event: TranscriptEvent, at position: Int?) throws(EventError) -> EventEffect {
        guard event.channel == id else { throw .unknownChannel(event.channel) }
        if case let .message(message) = event {
            guard let position else {
                messages.append(message)
                return .appended
            }
            messages[position] = message
            return .replaced(position)
        }
        guard let position else { throw .unknownMessage(channel: id, id: event.messageID) }
        switch event {
        case .message: break
        case let .edit(_, _, text, flavor, spans, edited):
            let previous = messages[position]
            messages[position].content.text = text
            messages[position].content.flavor = flavor ?? previous.content.flavor
            messages[position].content.spans = spans
            messages[position].editedTimestamp = edited ?? previous.editedTimestamp ?? previous.timestamp
        case let .append(_, messageID, text):
            let limit = MessageLimits.standard.textBytes
            guard messages[position].content.text.utf8.count <= limit - text.utf8.count else {
                let problem = ValidationError(field: "text", reason: "the appended text makes the message longer than \(limit) bytes")
                throw .limitExceeded(channel: id, id: messageID, problem: problem)
            }
            messages[position].content.text += text
        case .delete:
            messages.remove(at: position)
            return .removed(position)
        case let .reactionAdd(_, messageID, reaction):
            try messages[position].addReaction(reaction, channel: id, id: messageID)
        case let .reactionRemove(_, messageID, reaction):
            try messages[position].removeReaction(reaction, channel: id, id: messageID)
        }
        return .replaced(position)
    }
}

extension Message {
    fileprivate mutating func addReaction(_ reaction: Reaction, channel: ChannelID, id: MessageID) throws(EventError) {
        guard reaction.count > 0 else { throw .invalidCount(channel: channel, id: id, count: reaction.count) }
        guard let index = reactions.firstIndex(where: { $0.emoji == reaction.emoji && $0.emojiID == reaction.emojiID }) else {
            reactions.append(reaction)
            return
        }
        let limit = MessageLimits.standard.reactionCount
        guard reactions[index].count <= limit - reaction.count else {
            let problem = ValidationError(field: "count", reason: "the reaction's total would pass \(limit)")
            throw .limitExceeded(channel: channel, id: id, problem: problem)
        }
        reactions[index].count += reaction.count
        reactions[index].imageURL = reactions[index].imageURL ?? reaction.imageURL
    }

    fileprivate mutating func removeReaction(_ reaction: Reaction, channel: ChannelID, id: MessageID) throws(EventError) {
        guard reaction.count > 0 else { throw .invalidCount(channel: channel, id: id, count: reaction.count) }
        guard let index = reactions.firstIndex(where: { $0.emoji == reaction.emoji && $0.emojiID == reaction.emojiID }) else {
            throw .unknownReaction(channel: channel, id: id, emoji: reaction.emoji)
        }
        reactions[index].count -= reaction.count
        if reactions[index].count <= 0 { reactions.remove(at: index) }
    }
}
