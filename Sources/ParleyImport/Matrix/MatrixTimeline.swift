import ParleyModel

/// Builds a room's messages from its events in two passes over the export, one event at a time:
/// ``scan(_:position:)`` first gathers what applies across events (the relations, each user's
/// display name and avatar before the timeline, the room id), then ``message(_:position:)``
/// turns each event into its message in file order, tracking display names as membership events
/// change them. Neither pass holds the events, so memory grows with the relations and the users,
/// not with the messages.
struct MatrixTimeline {
    let file: String
    /// The room's channel; set between the passes (it is named after the first event's room id).
    var channel = ChannelID("")
    private(set) var relations = MatrixRelations()
    /// The first `room_id` an event gives.
    private(set) var roomID: String?
    /// The latest display name of each user id seen.
    private(set) var displayNames: [String: String] = [:]
    var diagnostics: [Diagnostic] = []
    private var avatars: [String: String] = [:]
    /// The replace targets seen by the second pass so far.
    private var seenTargets: Set<String> = []
    private var skipped: [String: Int] = [:]
    private var synthetic = SyntheticMessageID()

    init(file: String) { self.file = file }

    /// The first pass: notes `event`, at `position` in the file's `messages`.
    /// - Complexity: O(1) amortized.
    mutating func scan(_ event: MatrixEvent, position: Int) {
        relations.take(event, position: position)
        if roomID == nil { roomID = event.room_id }
        guard event.type == "m.room.member", let user = event.state_key, displayNames[user] == nil else { return }
        displayNames[user] = event.unsigned?.prev_content?.displayname ?? event.content?.displayname
        avatars[user] = event.unsigned?.prev_content?.avatar_url ?? event.content?.avatar_url
    }

    /// The second pass: the message of `event`, at `position` in the file's `messages`, or nil
    /// when it is not shown: a relation, an edit whose target is in the export, a state event
    /// Parley does not show (counted, reported by ``finish()``), or an event without `sender` or
    /// `origin_server_ts` (skipped and reported).
    /// - Complexity: O(relations of the event).
    mutating func message(_ event: MatrixEvent, position: Int) -> Message? {
        if MatrixRelations.isShownID(event), let id = event.event_id, relations.replaceTargets.contains(id) { seenTargets.insert(id) }
        guard !MatrixRelations.isRelation(event) else { return nil }
        let path = "messages[\(position)]"
        guard let sender = event.sender else {
            diagnostics.append(missing("\(path).sender", "a user id such as @alice:example.org"))
            return nil
        }
        guard let time = event.origin_server_ts else {
            diagnostics.append(missing("\(path).origin_server_ts", "a time in milliseconds since 1970"))
            return nil
        }
        let timestamp = Timestamp(milliseconds: time)
        let author = self.author(sender)
        let id =
            event.event_id.map { MessageID($0) } ?? synthetic.next(timestamp: timestamp, author: sender, text: event.content?.body ?? "")
        switch event.type {
        case "m.room.message", "m.sticker", "m.room.encrypted":
            if let target = MatrixRelations.replaceTarget(of: event) {
                if seenTargets.contains(target) || relations.isFoundAfterReplace(target) { return nil }
                diagnostics.append(
                    Diagnostic(file: file, location: path, message: "edit of \(target), which is not in the export; shown as a message"))
            }
            return message(event, id: id, author: author, timestamp: timestamp)
        default:
            let names = displayNames
            guard event.state_key != nil, let described = MatrixStateEvent.describe(event, name: { names[$0] ?? $0 }) else {
                skipped[event.type ?? "(no type)", default: 0] += 1
                return nil
            }
            track(event)
            return Message(
                id: id, channel: channel, author: author, timestamp: timestamp, kind: described.0, content: Content(text: described.1))
        }
    }

    /// Ends the second pass: reports the events of types Parley does not show, counted by type.
    mutating func finish() {
        guard !skipped.isEmpty else { return }
        let list = skipped.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }.joined(separator: ", ")
        let count = skipped.values.reduce(0, +)
        diagnostics.append(
            Diagnostic(file: file, location: "messages", message: "\(count) event(s) of types Parley does not show: \(list)"))
        skipped = [:]
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
