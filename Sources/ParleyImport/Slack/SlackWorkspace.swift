import ParleyModel

/// The workspace lists of a Slack export (users and conversations) and the channels built from
/// its day files.
struct SlackWorkspace {
    private(set) var users: [String: Author] = [:]
    private var conversations: [String: (SlackExport.Conversation, Channel.Kind)] = [:]
    private(set) var directory = Directory()
    private(set) var diagnostics: [Diagnostic] = []
    let name: String

    /// Reads `users.json` and the conversation lists.
    /// - Throws: ``ImportError`` when a list file is malformed.
    init(_ files: SlackExportFiles) throws(ImportError) {
        name = files.name
        if let data = files.lists["users.json"] {
            let list: [SlackExport.User] = try SlackJSON.decode(data, file: "\(name): users.json")
            for user in list {
                let display = [user.profile?.displayName, user.profile?.realName, user.realName].compactMap { $0 }.first { !$0.isEmpty }
                let author = Author(
                    id: AuthorID(user.id), name: user.name ?? user.id, displayName: display, avatarURL: user.profile?.image72,
                    color: user.color.map { "#" + $0.uppercased() }, isBot: user.isBot ?? false)
                users[user.id] = author
                directory.users[user.id] = author.shownName
            }
        }
        let kinds: [(String, Channel.Kind)] = [
            ("channels.json", .text), ("groups.json", .text), ("mpims.json", .group), ("dms.json", .direct),
        ]
        for (file, kind) in kinds {
            guard let data = files.lists[file] else { continue }
            let list: [SlackExport.Conversation] = try SlackJSON.decode(data, file: "\(name): \(file)")
            for conversation in list {
                conversations[conversation.id] = (conversation, kind)
                if let folder = conversation.name { conversations[folder] = (conversation, kind) }
                directory.channels[conversation.id] = conversation.name ?? conversation.id
            }
        }
    }

    /// The channel of one conversation folder (named by channel name, or by id for DMs).
    mutating func channel(folder: String, days: [(day: String, messages: [SlackExport.Message])]) -> Channel {
        let known = conversations[folder]
        if known == nil {
            diagnostics.append(
                Diagnostic(
                    file: name, location: folder + "/",
                    message: "no conversation of this name in the export's lists; named after its folder"))
        }
        let info = known?.0
        let id = ChannelID(info?.id ?? folder)
        let converter = SlackMessageConverter(users: users, channel: id)
        var messages: [Message] = []
        for (day, raws) in days {
            for (index, raw) in raws.enumerated() {
                guard let message = converter.convert(raw) else {
                    diagnostics.append(
                        Diagnostic(
                            file: name, location: "\(folder)/\(day).json [\(index)]",
                            message: "ts \"\(raw.ts)\" is not a Slack timestamp; message skipped"))
                    continue
                }
                messages.append(message)
            }
        }
        var threads = SlackThreads(file: name, folder: folder)
        let ordered = threads.gather(messages, listedReplies: days.flatMap { $0.messages })
        diagnostics += threads.diagnostics
        let topic = [info?.topic?.value, info?.purpose?.value].compactMap { $0 }.first { !$0.isEmpty }
        return Channel(
            id: id, name: channelName(info, kind: known?.1, folder: folder), topic: topic, kind: known?.1 ?? .text, messages: ordered)
    }

    /// A DM is named after its members, other conversations by their name.
    private func channelName(_ info: SlackExport.Conversation?, kind: Channel.Kind?, folder: String) -> String {
        guard let info else { return folder }
        if kind == .direct {
            let members = (info.members ?? [info.user].compactMap { $0 }).map { users[$0]?.shownName ?? $0 }
            if !members.isEmpty { return members.joined(separator: ", ") }
        }
        return info.name ?? folder
    }
}
