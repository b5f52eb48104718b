import ParleyJSON
import ParleyModel

/// One Telegram chat while its `messages` stream in: the messages converted so far (a message id
/// seen twice kept once, the later copy, and reported) and the records skipped.
///
/// The messages are converted under the channel id the members before `messages` give; when
/// the chat's header says otherwise (its `id` comes after `messages`, or it has neither `id` nor
/// `name`), ``channel(_:position:)`` moves them to the right channel.
struct TelegramChatReading {
    /// The JSON path of the chat's messages (`messages`, `chats.list[2].messages`).
    let list: String
    private var converter: TelegramMessageConverter
    private var messages: [Message] = []
    private var diagnostics: [Diagnostic] = []
    private var positionByID: [MessageID: Int] = [:]

    /// - Parameter channel: The channel the messages belong to, as far as the chat's header was read.
    /// Where each message goes as soon as it is converted, with the chat's channel (no messages),
    /// instead of being kept.
    private let sink: (any MessageSink, Channel)?

    init(file: String, list: String, channel: ChannelID, sink: (any MessageSink, Channel)? = nil) {
        self.list = list
        self.sink = sink
        converter = TelegramMessageConverter(file: file, channel: channel)
    }

    /// Converts the record at `index` of the chat's messages; one that cannot be read or
    /// converted is skipped and reported (``Diagnostic/skipsRecord``).
    /// - Complexity: O(size of `value`).
    mutating func take(_ value: JSONValue, index: Int, decoder: JSONValueDecoder) {
        let path = "\(list)[\(index)]"
        guard let raw = Lossy<TelegramMessage>.record(value, at: path, decoder: decoder, file: converter.file, diagnostics: &diagnostics)
        else { return }
        let message: Message
        do {
            message = try converter.convert(raw, path: path)
        } catch {
            return diagnostics.append(.skipped(error, file: converter.file, location: path))
        }
        if let (sink, channel) = sink { return sink.accept(message, in: channel, at: path) }
        if let existing = positionByID[message.id] {
            diagnostics.append(
                Diagnostic(
                    file: converter.file, location: path,
                    message: "duplicate message id \(message.id) (first seen at \(list)[\(existing)]); merged, later copy kept"))
            messages[existing] = message
        } else {
            positionByID[message.id] = messages.count
            messages.append(message)
        }
    }

    /// The chat as a channel, with the names its messages use and the problems met.
    /// - Parameters:
    ///   - header: The chat's members besides `messages`, read whole.
    ///   - position: The chat's place in the file, for the id of a chat that has no `id`.
    /// - Complexity: O(messages) when the channel id differs from the one they were read under, else O(1).
    func channel(_ header: TelegramChat, position: Int) -> (Channel, Directory, [Diagnostic]) {
        let id = TelegramImporter.channelID(of: header, position: position)
        var messages = messages
        if id != converter.channel {
            for index in messages.indices { messages[index].channel = id }
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
        var channel = TelegramImporter.channel(header, id: id)
        channel.messages = messages
        var directory = converter.directory
        directory.channels[id.rawValue] = channel.name
        return (channel, directory, diagnostics)
    }
}
