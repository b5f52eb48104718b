import ParleyModel

/// Marks the messages of the person who exported an input as outgoing (`--me NAME`), in every
/// format whose importer does not decide it itself: an author whose account name, display name
/// or id is `NAME` wrote outgoing messages, every other author incoming ones. A message whose
/// importer already set ``Message/isOutgoing`` (a sent SMS, a WhatsApp chat's exporter) keeps
/// it, and a system message is neither.
struct OutgoingMarker: Sendable {
    /// `--me`, as given.
    let me: String

    /// A marker for `me`; nil when `--me` was not given.
    init?(_ me: String?) {
        guard let me, !me.isEmpty else { return nil }
        self.me = me
    }

    /// `message`, marked outgoing when `me` wrote it and incoming otherwise, unless its importer
    /// decided or it is a system message.
    /// - Complexity: O(length of the author's names).
    func marked(_ message: Message) -> Message {
        guard message.isOutgoing == nil, !message.kind.isSystem else { return message }
        var message = message
        message.isOutgoing = isMe(message.author)
        return message
    }

    /// Whether `author` is the person `--me` names.
    func isMe(_ author: Author) -> Bool {
        author.name == me || author.displayName == me || author.id.rawValue == me
    }
}
