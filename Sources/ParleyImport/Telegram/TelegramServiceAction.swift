import Foundation
import ParleyModel

/// A Telegram service message (`type: "service"`): what its `action` means as a message kind
/// and as an English sentence about the actor (`joined Telegram`, `pinned a message`).
///
/// Action names are those of telegramdesktop/tdesktop `export_output_json.cpp`; an action Parley
/// does not know becomes a ``Message/Kind/system`` message naming the action, so nothing is lost.
struct TelegramServiceAction {
    var kind: Message.Kind
    var text: String

    init(_ raw: TelegramMessage) {
        let title = raw.title.map { "“\($0)”" } ?? ""
        let members = (raw.members ?? []).map { $0 ?? "Deleted Account" }.joined(separator: ", ")
        switch raw.action ?? "" {
        case "joined_telegram": (kind, text) = (.memberJoined, "joined Telegram")
        case "join_group_by_link": (kind, text) = (.memberJoined, "joined the group via an invite link")
        case "join_group_by_request": (kind, text) = (.memberJoined, "was accepted into the group")
        case "invite_members": (kind, text) = (.memberJoined, members.isEmpty ? "invited members" : "added \(members)")
        case "remove_members":
            let leftAlone = raw.members?.count == 1 && raw.members?.first == raw.actor
            (kind, text) = (.memberLeft, leftAlone || members.isEmpty ? "left the group" : "removed \(members)")
        case "create_group": (kind, text) = (.system, "created the group \(title)")
        case "create_channel": (kind, text) = (.system, "created the channel \(title)")
        case "migrate_to_supergroup": (kind, text) = (.system, "upgraded the group to a supergroup")
        case "migrate_from_group": (kind, text) = (.system, "created the supergroup from the group \(title)")
        case "edit_group_title": (kind, text) = (.channelRenamed, "changed the group name to \(title)")
        case "edit_group_photo": (kind, text) = (.system, "changed the group photo")
        case "delete_group_photo": (kind, text) = (.system, "removed the group photo")
        case "pin_message": (kind, text) = (.channelPinned, "pinned a message")
        case "phone_call": (kind, text) = (.call, "made a phone call" + Self.callDetails(raw))
        case "group_call": (kind, text) = (.call, "started a voice chat" + Self.callDetails(raw))
        case "clear_history": (kind, text) = (.system, "cleared the history")
        case "topic_created": (kind, text) = (.threadCreated, "created the topic \(title)")
        case let action:
            let words = action.isEmpty ? "did something" : action.replacingOccurrences(of: "_", with: " ")
            (kind, text) = (.system, "service action: \(words)")
        }
        text = text.trimmingCharacters(in: .whitespaces)
    }

    /// ` (56 s, hangup)`, ` (missed)` or nothing.
    static func callDetails(_ raw: TelegramMessage) -> String {
        let parts = [raw.duration_seconds.map { "\($0) s" }, raw.discard_reason].compactMap { $0 }
        return parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
    }
}
