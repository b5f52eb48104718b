extension MessageValidator {
    /// Checks every field of `event`: a created message as ``validate(_:)-(Message)``; an edit's
    /// ids, text, spans (against the new text) and edit time; an append's text; a reaction's
    /// emoji and count (1…2^31).
    ///
    /// What depends on the transcript (the message exists, an appended text keeps within
    /// ``MessageLimits/textBytes``, a reaction's total count) is checked when the event is
    /// applied (``Channel/apply(_:)``).
    /// - Throws: ``ValidationError`` naming the first field outside the limits.
    public func validate(_ event: TranscriptEvent) throws(ValidationError) {
        switch event {
        case let .message(message):
            try validate(message)
        case let .edit(channel, id, text, _, spans, edited):
            try ids(channel, id)
            try content(text, spans: spans)
            if let edited { try timestamp(edited, "edited") }
        case let .append(channel, id, text):
            try ids(channel, id)
            try bytes(text, "text", limits.textBytes)
        case let .delete(channel, id):
            try ids(channel, id)
        case let .reactionAdd(channel, id, reaction), let .reactionRemove(channel, id, reaction):
            try ids(channel, id)
            try self.reaction(reaction)
        }
    }

    private func ids(_ channel: ChannelID, _ id: MessageID) throws(ValidationError) {
        try identifier(channel.rawValue, "channel")
        try identifier(id.rawValue, "id")
    }
}
