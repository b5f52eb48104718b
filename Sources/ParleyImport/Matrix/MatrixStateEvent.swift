import ParleyModel

/// What a state event says, as a system message: its kind and an English sentence about the
/// sender (`joined the room`, `changed the room name to “Parley”`).
///
/// Membership changes follow the client-server API's `m.room.member` transitions (join, a
/// profile change while joined, invite, leave, kick, ban). State events that Parley does not
/// show (power levels, join rules, …) give nil and are counted by the importer.
enum MatrixStateEvent {
    /// The kind and text of `event`, or nil when Parley does not show it.
    /// - Parameter name: the display name of a user id as known before this event.
    static func describe(_ event: MatrixEvent, name: (String) -> String) -> (Message.Kind, String)? {
        let content = event.content
        switch event.type {
        case "m.room.create": return (.system, "created the room")
        case "m.room.name":
            let title = content?.name ?? ""
            return (.channelRenamed, title.isEmpty ? "removed the room name" : "changed the room name to “\(title)”")
        case "m.room.topic": return (.system, "changed the topic to “\(content?.topic ?? "")”")
        case "m.room.avatar": return (.system, "changed the room avatar")
        case "m.room.encryption": return (.system, "enabled end-to-end encryption")
        case "m.room.member": return membership(event, name: name)
        default: return nil
        }
    }

    private static func membership(_ event: MatrixEvent, name: (String) -> String) -> (Message.Kind, String) {
        let target = event.state_key ?? ""
        let targetName = event.content?.displayname ?? name(target)
        let previous = event.unsigned?.prev_content
        let reason = event.content?.reason.map { ": \($0)" } ?? ""
        switch event.content?.membership {
        case "join" where previous?.membership == "join":
            if previous?.displayname != event.content?.displayname {
                return (.system, event.content?.displayname.map { "changed their display name to \($0)" } ?? "removed their display name")
            }
            return (.system, previous?.avatar_url != event.content?.avatar_url ? "changed their avatar" : "updated their profile")
        case "join": return (.memberJoined, "joined the room")
        case "invite": return (.system, "invited \(targetName)")
        case "ban": return (.memberLeft, "banned \(targetName)\(reason)")
        case "knock": return (.system, "asked to join\(reason)")
        case "leave" where target == event.sender:
            return previous?.membership == "invite" ? (.system, "rejected the invitation") : (.memberLeft, "left the room\(reason)")
        case "leave":
            if previous?.membership == "ban" { return (.system, "unbanned \(targetName)") }
            if previous?.membership == "invite" { return (.system, "withdrew the invitation of \(targetName)") }
            return (.memberLeft, "removed \(targetName)\(reason)")
        default: return (.system, "changed the membership of \(targetName)")
        }
    }
}
