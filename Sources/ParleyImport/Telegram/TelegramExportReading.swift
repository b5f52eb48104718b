import ParleyJSON
import ParleyModel

/// The state of one Telegram import while the chats' `messages` stream in: each chat's
/// messages converted as they come, under the channel its members before `messages` name; the
/// chats themselves are put together from the envelope (or, for a file cut short, what was read
/// of it) at the end, so a header written after `messages` is read too.
struct TelegramExportReading {
    /// The record lists: a single chat's `messages`, and each chat's in a whole-account export.
    static let lists: Set<String> = ["messages", "chats.list[].messages", "left_chats.list[].messages"]

    let file: String
    /// The chats whose `messages` began, by the JSON path of that list.
    private var chats: [String: TelegramChatReading] = [:]
    /// The list being read.
    private var open: String?
    private let decoder = JSONValueDecoder()
    /// Where the messages of a chat whose header names its id before its messages go as soon as
    /// they are read (the chats of any other shape are held and assembled at the end).
    private let sink: (any MessageSink)?
    /// The account that exported a whole-account export (named before the chats): its messages
    /// are outgoing, everyone else's incoming.
    private var account: TelegramAccount?

    init(file: String, sink: (any MessageSink)? = nil) {
        self.file = file
        self.sink = sink
    }

    /// Takes the envelope as read before the first chat's messages: the exporting account.
    mutating func takeEnvelope(_ value: JSONValue?) {
        guard let value else { return }
        account = TelegramAccount(envelope: value, decoder: decoder)
    }

    /// Takes one event of the stream.
    /// - Complexity: O(size of the record or of the members before the list).
    mutating func take(_ event: JSONStreamEvent) {
        switch event {
        case let .listStarted(_, path, enclosing):
            let header = (try? decoder.decode(TelegramChat.self, from: enclosing)) ?? TelegramChat()
            let channel = TelegramImporter.channelID(of: header, position: 0)
            let streamed = header.id == nil ? nil : sink.map { ($0, TelegramImporter.channel(header, id: channel)) }
            chats[path] = TelegramChatReading(file: file, list: path, channel: channel, account: account, sink: streamed)
            open = path
        case let .tapedRecord(_, _, index, tape):
            guard let open else { return }
            chats[open]?.take(tape, index: index)
        case let .record(_, _, index, value):
            // The importer asks for tapes; a tree is read as its tape all the same.
            guard let open else { return }
            chats[open]?.take(JSONTape(value), index: index)
        case .listEnded:
            open = nil
        }
    }

    /// The chats as channels, in the order Telegram's readers take them: `chats.list`, then
    /// `left_chats.list`, else the single chat.
    /// - Parameters:
    ///   - envelope: The document with its record lists empty, or what was read of it.
    ///   - truncated: Whether the file was cut short: a last chat whose `messages` had not
    ///     begun was cut inside its header and is left out.
    /// - Returns: The transcript (its title the chat's name, or "Telegram · " and the account
    ///   owner's name; the chats' names merged into one directory) and the problems met.
    /// - Throws: ``ImportError/schema(file:path:expected:)`` for a value of the wrong type
    ///   outside the messages.
    /// - Complexity: O(messages) plus the envelope's size.
    func finish(_ envelope: JSONValue, truncated: Bool) throws(ImportError) -> (Transcript, [Diagnostic]) {
        let export = try StreamedJSON.decode(TelegramExport.self, from: envelope, file: file, decoder: decoder)
        var headers: [(TelegramChat, String)] = []
        for (index, chat) in (export.chats?.list ?? []).enumerated() { headers.append((chat, "chats.list[\(index)].messages")) }
        for (index, chat) in (export.left_chats?.list ?? []).enumerated() { headers.append((chat, "left_chats.list[\(index)].messages")) }
        if export.chats == nil, export.messages != nil {
            headers.append((TelegramChat(name: export.name, type: export.type, id: export.id), "messages"))
        }
        if truncated, let last = headers.last, chats[last.1] == nil { headers.removeLast() }
        var channels: [Channel] = []
        var diagnostics: [Diagnostic] = []
        var directory = Directory()
        for (position, (header, list)) in headers.enumerated() {
            let reading = chats[list] ?? TelegramChatReading(file: file, list: list, channel: ChannelID(""))
            let (chatChannels, chatDirectory, chatDiagnostics) = reading.channels(header, position: position)
            channels += chatChannels
            directory.merge(chatDirectory)
            diagnostics += chatDiagnostics
        }
        let owner = [export.personal_information?.first_name, export.personal_information?.last_name].compactMap { $0 }
        let title =
            export.chats == nil
            ? channels.first?.name ?? "Telegram" : "Telegram" + (owner.isEmpty ? "" : " · " + owner.joined(separator: " "))
        return (Transcript(title: title, channels: channels, directory: directory), diagnostics)
    }
}
