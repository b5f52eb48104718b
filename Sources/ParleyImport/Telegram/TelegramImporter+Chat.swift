import ParleyModel

extension TelegramImporter {
    /// One chat as a channel, with the names its messages use and the problems met.
    /// - Parameters:
    ///   - path: The chat's JSON path (`chats.list[2]`), empty for a single-chat export.
    ///   - position: The chat's place in the file, for the id of a chat that has no `id`.
    /// A message that cannot be read or converted is skipped and reported (``Diagnostic/skipsRecord``).
    func channel(_ chat: TelegramChat, path: String, position: Int, file: String) -> (Channel, Directory, [Diagnostic]) {
        let id: ChannelID
        if let number = chat.id {
            id = ChannelID(number.text)
        } else if let name = chat.name {
            var hash = FNV1a()
            hash.add(name)
            id = ChannelID("name-" + SyntheticMessageID.hex(hash.value))
        } else {
            id = ChannelID("chat-\(position + 1)")
        }
        let prefix = path.isEmpty ? "messages" : "\(path).messages"
        var converter = TelegramMessageConverter(file: file, channel: id)
        var messages: [Message] = []
        var positionByID: [MessageID: Int] = [:]
        var diagnostics: [Diagnostic] = []
        for (index, entry) in (chat.messages ?? []).enumerated() {
            guard let raw = entry.record(file: file, diagnostics: &diagnostics) else { continue }
            let message: Message
            do {
                message = try converter.convert(raw, path: "\(prefix)[\(index)]")
            } catch {
                diagnostics.append(.skipped(error, file: file, location: "\(prefix)[\(index)]"))
                continue
            }
            if let existing = positionByID[message.id] {
                diagnostics.append(
                    Diagnostic(
                        file: file, location: "\(prefix)[\(index)]",
                        message: "duplicate message id \(message.id) (first seen at \(prefix)[\(existing)]); merged, later copy kept"))
                messages[existing] = message
            } else {
                positionByID[message.id] = messages.count
                messages.append(message)
            }
        }
        if let first = converter.zonelessDates.first {
            let count = converter.zonelessDates.count
            diagnostics.append(
                Diagnostic(
                    file: file, location: first,
                    message: (count == 1 ? "1 message has" : "\(count) messages have")
                        + " only the zone-less \"date\" (no \"date_unixtime\"); read as UTC"))
        }
        let name = chat.name ?? (chat.type == "saved_messages" ? "Saved Messages" : "Telegram chat")
        let channel = Channel(id: id, name: name, kind: Self.kind(chat.type), messages: messages)
        var directory = converter.directory
        directory.channels[id.rawValue] = name
        return (channel, directory, diagnostics)
    }

    /// Telegram's chat `type` as a channel kind.
    static func kind(_ type: String?) -> Channel.Kind {
        switch type {
        case "personal_chat", "bot_chat", "saved_messages": return .direct
        case "private_group", "private_supergroup", "public_supergroup": return .group
        case "private_channel", "public_channel": return .announcement
        default: return .other
        }
    }
}
