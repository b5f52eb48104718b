import ParleyJSON
import ParleyModel

/// One Telegram chat while its `messages` stream in: the messages converted so far (a message id
/// seen twice kept once, the later copy, and reported) and the records skipped.
///
/// The messages are converted under the channel id the members before `messages` give; when
/// the chat's header says otherwise (its `id` comes after `messages`, or it has neither `id` nor
/// `name`), ``channels(_:position:)`` moves them to the right channel. A group's forum topics
/// (``TelegramTopics``) are channels of their own, after the group's.
struct TelegramChatReading {
    /// The JSON path of the chat's messages (`messages`, `chats.list[2].messages`).
    let list: String
    private var converter: TelegramMessageConverter
    private var messages: [Message] = []
    private var diagnostics: [Diagnostic] = []
    /// Each message id kept: its index in ``messages`` and the record it came from.
    private var positionByID: [MessageID: (index: Int, location: RecordLocation)] = [:]
    private var topics = TelegramTopics()

    /// - Parameter channel: The channel the messages belong to, as far as the chat's header was read.
    /// Where each message goes as soon as it is converted, with the chat's channel (no messages),
    /// instead of being kept.
    private let sink: (any MessageSink, Channel)?

    /// - Parameter account: The exporting account, when the export names it: its messages are outgoing.
    init(file: String, list: String, channel: ChannelID, account: TelegramAccount? = nil, sink: (any MessageSink, Channel)? = nil) {
        self.list = list
        self.sink = sink
        converter = TelegramMessageConverter(file: file, channel: channel)
        converter.account = account
    }

    /// Converts the record at `index` of the chat's messages, read from its tape; one that cannot
    /// be read or converted is skipped and reported (``Diagnostic/skipsRecord``).
    /// - Complexity: O(size of the record).
    mutating func take(_ tape: JSONTape, index: Int) {
        let path = "\(list)[\(index)]"
        let raw: TelegramMessage
        var message: Message
        do throws(ImportError) {
            raw = try TelegramMessage(JSONRecord(tape, file: converter.file, path: path))
            message = try converter.convert(raw, path: path)
        } catch {
            return diagnostics.append(.skipped(error, file: converter.file, location: path))
        }
        topics.place(&message, group: converter.channel, title: raw.title)
        let location = RecordLocation(file: converter.file, place: path)
        if let (sink, group) = sink { return sink.accept(message, in: topics.channel(message.channel, of: group) ?? group, at: location) }
        if let existing = positionByID[message.id] {
            diagnostics.append(.duplicate(id: message.id.rawValue, at: location, firstSeenAt: existing.location))
            messages[existing.index] = message
        } else {
            positionByID[message.id] = (messages.count, location)
            messages.append(message)
        }
    }

    /// The chat as channels — the chat's, then one per forum topic, in creation order — with the
    /// names its messages use and the problems met.
    /// - Parameters:
    ///   - header: The chat's members besides `messages`, read whole.
    ///   - position: The chat's place in the file, for the id of a chat that has no `id`.
    /// - Complexity: O(messages).
    func channels(_ header: TelegramChat, position: Int) -> ([Channel], Directory, [Diagnostic]) {
        let id = TelegramImporter.channelID(of: header, position: position)
        var messages = messages
        if id != converter.channel {
            for index in messages.indices {
                let root = topics.root(of: messages[index].channel)
                messages[index].channel = root.map { TelegramTopics.channelID(group: id, root: $0) } ?? id
                if let thread = messages[index].thread, let root = topics.root(of: thread) {
                    messages[index].thread = TelegramTopics.channelID(group: id, root: root)
                }
            }
        }
        var diagnostics = diagnostics
        let file = converter.file
        let counted = { (paths: [String], one: String, many: String, what: String) -> Diagnostic? in
            paths.first.map { Diagnostic(file: file, location: $0, message: (paths.count == 1 ? one : "\(paths.count) \(many)") + what) }
        }
        diagnostics += [
            counted(
                converter.zonelessDates, "1 message has", "messages have",
                " only the zone-less \"date\" (no \"date_unixtime\"); read as UTC"),
            counted(
                converter.placeholders, "1 \"unsupported\" message", "\"unsupported\" messages",
                " (exported without date or content) kept as a placeholder at the time of the message before"),
        ].compactMap { $0 }
        var channels = [TelegramImporter.channel(header, id: id)]
        channels += topics.channels(of: channels[0])
        let placeByID = Dictionary(uniqueKeysWithValues: channels.enumerated().map { ($1.id, $0) })
        for message in messages { channels[placeByID[message.channel] ?? 0].messages.append(message) }
        var directory = converter.directory
        for channel in channels { directory.channels[channel.id.rawValue] = channel.name }
        return (channels, directory, diagnostics)
    }
}
