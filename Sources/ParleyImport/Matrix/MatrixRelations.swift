/// The events that change other events, gathered in a first pass over the export (one event at
/// a time, ``take(_:position:)``): edits (`m.replace`), reactions (`m.annotation`) and
/// redactions, each kept as the few fields the second pass applies — never a message's body.
///
/// Per the client-server API, an edit counts only when its sender is the original's sender,
/// the latest edit (by `origin_server_ts`, then file order) wins, and a redacted edit or
/// reaction no longer counts.
///
/// It also answers, for the second pass, whether the target of an edit is in the export at all
/// (an edit whose target is missing is shown as a message): a target that comes after an edit
/// of it is noted here; one that comes before, the second pass has seen by then
/// (``MatrixTimeline``). So only edit targets are held, not every event id.
/// - Complexity: memory O(relations): ids, senders, times, reaction keys, edits' new content and
///   redaction reasons.
struct MatrixRelations {
    /// A relating event as far as it is applied: its place, id, sender and time, whether it
    /// carries its own redaction, and what it says (an edit's new content, a reaction's key).
    struct Related {
        /// Its index in the file's `messages`.
        var position: Int
        var eventID: String?
        var sender: String?
        var time: Int64?
        /// Whether its own `unsigned.redacted_because` is set.
        var redactedInline: Bool
        /// An edit's `m.new_content`.
        var newContent: MatrixContent.NewContent?
        /// A reaction's key (the emoji).
        var key: String?
    }

    /// Edits by target event id, in file order.
    private(set) var edits: [String: [Related]] = [:]
    /// Reactions (with a key) by target event id, in file order.
    private(set) var reactions: [String: [Related]] = [:]
    /// Redactions by redacted event id: who redacted and why.
    private(set) var redactions: [String: MatrixUnsigned.Redaction] = [:]
    /// The targets of every `m.replace` event shown as a message when its target is missing.
    private(set) var replaceTargets: Set<String> = []
    /// The replace targets found in the export after a replace event of theirs.
    private var targetsAfterReplace: Set<String> = []

    /// Notes what `event`, at `position` in the file's `messages`, says about other events.
    /// - Complexity: O(1) amortized.
    mutating func take(_ event: MatrixEvent, position: Int) {
        let relation = event.content?.relates_to
        if let target = Self.replaceTarget(of: event) { replaceTargets.insert(target) }
        if Self.isShownID(event), let id = event.event_id, replaceTargets.contains(id) { targetsAfterReplace.insert(id) }
        switch event.type {
        case "m.room.redaction":
            if let target = event.redacts ?? event.content?.redacts {
                redactions[target] = MatrixUnsigned.Redaction(sender: event.sender, content: MatrixContent(reason: event.content?.reason))
            }
        case "m.reaction" where relation?.rel_type == "m.annotation":
            if let target = relation?.event_id, let key = relation?.key {
                reactions[target, default: []].append(Self.related(event, position: position, key: key))
            }
        case "m.room.message" where relation?.rel_type == "m.replace":
            if let target = relation?.event_id {
                var edit = Self.related(event, position: position)
                edit.newContent = event.content?.new_content
                edits[target, default: []].append(edit)
            }
        default:
            break
        }
    }

    /// Whether `event` relates to another without being shown itself: a redaction, or a reaction
    /// (`m.annotation`).
    static func isRelation(_ event: MatrixEvent) -> Bool {
        event.type == "m.room.redaction" || (event.type == "m.reaction" && event.content?.relates_to?.rel_type == "m.annotation")
    }

    /// The event an `m.room.message`, `m.sticker` or `m.room.encrypted` event replaces, if it is an edit.
    static func replaceTarget(of event: MatrixEvent) -> String? {
        switch event.type {
        case "m.room.message", "m.sticker", "m.room.encrypted":
            guard let relation = event.content?.relates_to, relation.rel_type == "m.replace" else { return nil }
            return relation.event_id
        default:
            return nil
        }
    }

    /// Whether `event`'s id counts as present for an edit of it: every event but an
    /// `m.room.message` edit.
    static func isShownID(_ event: MatrixEvent) -> Bool {
        event.type != "m.room.message" || event.content?.relates_to?.rel_type != "m.replace"
    }

    /// Whether `target` is found after a replace event of it (the first pass's half of the
    /// answer whether an edit's target is in the export).
    func isFoundAfterReplace(_ target: String) -> Bool { targetsAfterReplace.contains(target) }

    /// Whether `related` was redacted (in its own `unsigned` or by a redaction event).
    func isRedacted(_ related: Related) -> Bool {
        related.redactedInline || related.eventID.map { redactions[$0] != nil } ?? false
    }

    /// The redaction of `event`, if any.
    func redaction(of event: MatrixEvent) -> MatrixUnsigned.Redaction? {
        event.unsigned?.redacted_because ?? event.event_id.flatMap { redactions[$0] }
    }

    private static func related(_ event: MatrixEvent, position: Int, key: String? = nil) -> Related {
        Related(
            position: position, eventID: event.event_id, sender: event.sender, time: event.origin_server_ts,
            redactedInline: event.unsigned?.redacted_because != nil, key: key)
    }
}
