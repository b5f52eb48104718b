import ParleyModel

extension TelegramImporter {
    /// The channel id of a chat: its `id`, else a hash of its `name`, else its place in the file.
    /// - Parameter position: The chat's place in the file (0 for the first).
    /// The channel of `chat`, whose id is `id`, without messages.
    static func channel(_ chat: TelegramChat, id: ChannelID) -> Channel {
        Channel(id: id, name: chat.name ?? (chat.type == "saved_messages" ? "Saved Messages" : "Telegram chat"), kind: kind(chat.type))
    }

    static func channelID(of chat: TelegramChat, position: Int) -> ChannelID {
        if let number = chat.id { return ChannelID(number.text) }
        guard let name = chat.name else { return ChannelID("chat-\(position + 1)") }
        var hash = FNV1a()
        hash.add(name)
        return ChannelID("name-" + SyntheticMessageID.hex(hash.value))
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
