import Foundation
import ParleyModel

/// The workspace lists of a Slack export (users and conversations), read before any day file,
/// and the conversation of each folder of day files.
struct SlackWorkspace {
    private(set) var users: [String: Author] = [:]
    private var conversations: [String: (SlackExport.Conversation, Channel.Kind)] = [:]
    private(set) var directory = Directory()
    private(set) var diagnostics: [Diagnostic] = []
    let name: String

    /// Reads `users.json` and the conversation lists (`lists`: the list files by name) of the
    /// export `name`. An entry that cannot be read is left out and reported in ``diagnostics``
    /// (its people are named from their messages' profiles, its folder after itself).
    /// - Throws: ``ImportError`` when a list file is not a JSON array.
    /// - Complexity: O(bytes of the lists).
    init(lists: [String: Data], name: String) throws(ImportError) {
        self.name = name
        if let data = lists["users.json"] {
            let file = "\(name): users.json"
            let list: [Lossy<SlackExport.User>] = try SlackJSON.decode(data, file: file)
            for entry in list {
                guard let user = entry.record(file: file, diagnostics: &diagnostics) else { continue }
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
            guard let data = lists[file] else { continue }
            let file = "\(name): \(file)"
            let list: [Lossy<SlackExport.Conversation>] = try SlackJSON.decode(data, file: file)
            for entry in list {
                guard let conversation = entry.record(file: file, diagnostics: &diagnostics) else { continue }
                conversations[conversation.id] = (conversation, kind)
                if let folder = conversation.name { conversations[folder] = (conversation, kind) }
                directory.channels[conversation.id] = conversation.name ?? conversation.id
            }
        }
    }

    /// The conversation of one folder (named by channel name, or by id for DMs), its channel
    /// without messages; a folder no list names is reported and named after itself.
    mutating func conversation(folder: String) -> SlackConversation {
        let known = conversations[folder]
        if known == nil {
            diagnostics.append(
                Diagnostic(
                    file: name, location: folder + "/",
                    message: "no conversation of this name in the export's lists; named after its folder"))
        }
        let info = known?.0
        let topic = [info?.topic?.value, info?.purpose?.value].compactMap { $0 }.first { !$0.isEmpty }
        let channel = Channel(
            id: ChannelID(info?.id ?? folder), name: channelName(info, kind: known?.1, folder: folder), topic: topic,
            kind: known?.1 ?? .text, messages: [])
        return SlackConversation(folder: folder, channel: channel, export: name)
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
