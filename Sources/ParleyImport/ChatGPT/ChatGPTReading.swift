import ParleyModel

/// The state of one ChatGPT import while its conversations are read one at a time: the
/// channels converted so far (a conversation seen twice kept once, the first copy) and the
/// problems met, reported in the order of the whole-document reading: conversations that cannot
/// be read, then each conversation's problems, then one note on untimed messages.
///
/// With a sink, each conversation's messages are handed to it as soon as the conversation is
/// converted and ``channels`` keep only the channels (no messages): memory holds one
/// conversation, the channels' headers and the conversation ids seen.
struct ChatGPTReading {
    let file: String
    /// The channels converted so far, in order; without their messages when they went to a sink.
    private(set) var channels: [Channel] = []
    /// How many conversations were read (duplicates included).
    private(set) var count = 0
    /// Conversations that could not be read, skipped.
    var unreadable: [Diagnostic] = []
    private var problems: [Diagnostic] = []
    /// The paths of conversations with messages that had no `create_time`.
    private var untimed: [String] = []
    private var seen: Set<ChannelID> = []
    /// Where each conversation's messages go as soon as it is converted, instead of ``channels``.
    private let sink: (any MessageSink)?

    init(file: String, sink: (any MessageSink)? = nil) {
        self.file = file
        self.sink = sink
    }

    /// Converts one conversation into its channels.
    /// - Parameters:
    ///   - path: The conversation's JSON path (`[3]`, `$`, or its key).
    ///   - key: Its key in an object of conversations, which names it when it has no id.
    /// - Complexity: O(n log n) for its n nodes.
    mutating func take(_ conversation: ChatGPTConversation, path: String, key: String?) {
        count += 1
        var converter = ChatGPTConversationConverter(file: file, conversation: conversation, path: path, key: key)
        guard seen.insert(converter.id).inserted else {
            return problems.append(
                Diagnostic(file: file, location: path, message: "conversation \(converter.id) appears twice; the first copy is kept"))
        }
        let (conversationChannels, conversationProblems) = converter.convert()
        for var channel in conversationChannels {
            if let sink {
                let messages = channel.messages
                channel.messages = []
                for message in messages {
                    sink.accept(message, in: channel, at: RecordLocation(file: file, place: "\(path).mapping.\(message.id)"))
                }
            }
            channels.append(channel)
        }
        problems += conversationProblems
        if converter.untimed > 0 { untimed.append(path) }
    }

    /// What was skipped or noted, in the order described above.
    var diagnostics: [Diagnostic] {
        guard let first = untimed.first else { return unreadable + problems }
        return unreadable + problems + [
            Diagnostic(
                file: file, location: first,
                message:
                    "messages without \"create_time\" in \(untimed.count) conversation(s); each is placed 1 ms after the message before it"
            )
        ]
    }
}
