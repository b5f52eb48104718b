import ParleyModel

extension ChatGPTConversationConverter {
    /// Whether a message is shown in ChatGPT's own view of the conversation.
    static func isShown(_ message: ChatGPTMessage?) -> Bool {
        guard let message else { return false }
        let role = message.author?.role ?? "user"
        if role == "system" || role == "tool" { return false }
        if let recipient = message.recipient, recipient != "all" { return false }
        if let type = message.content?.content_type, ChatGPTContentConverter.hiddenContentTypes.contains(type) { return false }
        return message.metadata?.is_visually_hidden_from_conversation != true && message.metadata?.is_user_system_message != true
    }

    /// `user` → "You", `assistant` → "ChatGPT" (a bot); other roles keep their name.
    static func author(_ raw: ChatGPTMessage.Author?) -> Author {
        let role = raw?.role ?? "user"
        switch role {
        case "user": return Author(id: AuthorID("user"), name: raw?.name ?? "You")
        case "assistant": return Author(id: AuthorID("assistant"), name: raw?.name ?? "ChatGPT", isBot: true)
        default: return Author(id: AuthorID(role), name: raw?.name ?? role)
        }
    }

    /// `node` or its nearest ancestor that is shown (follows parent links; stops on a loop).
    func shownAncestor(of node: String) -> String? {
        var current: String? = node
        var seen: Set<String> = []
        while let candidate = current, seen.insert(candidate).inserted {
            if times[candidate] != nil { return candidate }
            current = nodes[candidate]?.parent
        }
        return nil
    }

    /// The first node of `line` from `node` on that has a message.
    func firstShown(from node: String, in line: ChatGPTTree.Line) -> String? {
        guard let start = line.nodes.firstIndex(of: node) else { return nil }
        return line.nodes[start...].first { times[$0] != nil }
    }
}
