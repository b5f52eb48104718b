import ParleyModel

/// Builds a room's messages from its events, in file order, tracking display names as
/// membership events change them.
struct MatrixTimeline {
    let file: String
    let channel: ChannelID
    let events: [MatrixEvent]
    /// Each event's index in the file's `messages` (events that could not be read are left out).
    let positions: [Int]
    let relations: MatrixRelations
    /// The latest display name of each user id seen.
    private(set) var displayNames: [String: String] = [:]
    var diagnostics: [Diagnostic] = []
    private var avatars: [String: String] = [:]

    init(file: String, channel: ChannelID, events: [MatrixEvent], positions: [Int]) {
        self.file = file
        self.channel = channel
        self.events = events
        self.positions = positions
        relations = MatrixRelations(events)
        for event in events where event.type == "m.room.member" {
            guard let user = event.state_key, displayNames[user] == nil else { continue }
            displayNames[user] = event.unsigned?.prev_content?.displayname ?? event.content?.displayname
            avatars[user] = event.unsigned?.prev_content?.avatar_url ?? event.content?.avatar_url
        }
    }

    /// The room's messages; an event without `sender` or `origin_server_ts` is skipped and reported.
    mutating func messages() -> [Message] {
        let shownIDs = Set(
            events.filter { $0.type != "m.room.message" || $0.content?.relates_to?.rel_type != "m.replace" }.compactMap(\.event_id))
        var messages: [Message] = []
        var positionByID: [String: Int] = [:]
        var skipped: [String: Int] = [:]
        var synthetic = SyntheticMessageID()
        for (index, event) in events.enumerated() where !relations.consumed.contains(index) {
            let path = "messages[\(positions[index])]"
            guard let sender = event.sender else {
                diagnostics.append(missing("\(path).sender", "a user id such as @alice:example.org"))
                continue
            }
            guard let time = event.origin_server_ts else {
                diagnostics.append(missing("\(path).origin_server_ts", "a time in milliseconds since 1970"))
                continue
            }
            let timestamp = Timestamp(milliseconds: time)
            let author = self.author(sender)
            let id =
                event.event_id.map { MessageID($0) }
                ?? synthetic.next(timestamp: timestamp, author: sender, text: event.content?.body ?? "")
            var message: Message
            switch event.type {
            case "m.room.message", "m.sticker", "m.room.encrypted":
                if let target = event.content?.relates_to, target.rel_type == "m.replace", let targetID = target.event_id {
                    if shownIDs.contains(targetID) { continue }
                    diagnostics.append(
                        Diagnostic(
                            file: file, location: path, message: "edit of \(targetID), which is not in the export; shown as a message"))
                }
                message = self.message(event, id: id, author: author, timestamp: timestamp, path: path)
            default:
                let names = displayNames
                guard event.state_key != nil, let described = MatrixStateEvent.describe(event, name: { names[$0] ?? $0 }) else {
                    skipped[event.type ?? "(no type)", default: 0] += 1
                    continue
                }
                message = Message(
                    id: id, channel: channel, author: author, timestamp: timestamp, kind: described.0, content: Content(text: described.1))
                track(event)
            }
            if let existing = positionByID[id.rawValue] {
                diagnostics.append(Diagnostic(file: file, location: path, message: "duplicate event id \(id); merged, later copy kept"))
                messages[existing] = message
            } else {
                positionByID[id.rawValue] = messages.count
                messages.append(message)
            }
        }
        if !skipped.isEmpty {
            let list = skipped.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
            let count = skipped.values.reduce(0, +)
            diagnostics.append(
                Diagnostic(file: file, location: "messages", message: "\(count) event(s) of types Parley does not show: \(list)"))
        }
        return messages
    }

    /// An event skipped because the field at `path` is missing; `expected` says what it should hold.
    private func missing(_ path: String, _ expected: String) -> Diagnostic {
        .skipped(file: file, location: path, reason: "expected \(expected)", cause: .schema(file: file, path: path, expected: expected))
    }

    private func author(_ sender: String) -> Author {
        Author(id: AuthorID(sender), name: sender, displayName: displayNames[sender], avatarURL: avatars[sender])
    }

    /// Updates the names a membership event sets.
    private mutating func track(_ event: MatrixEvent) {
        guard event.type == "m.room.member", let user = event.state_key, let content = event.content,
            content.membership == "join" || content.membership == "invite"
        else { return }
        displayNames[user] = content.displayname ?? displayNames[user]
        avatars[user] = content.avatar_url ?? avatars[user]
    }
}
