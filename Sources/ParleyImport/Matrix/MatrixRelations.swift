/// The events that change other events, gathered in a first pass over the export: edits
/// (`m.replace`), reactions (`m.annotation`) and redactions.
///
/// Per the client-server API, an edit counts only when its sender is the original's sender,
/// the latest edit (by `origin_server_ts`, then file order) wins, and a redacted edit or
/// reaction no longer counts.
struct MatrixRelations {
    /// A valid-looking edit: the event and its replacement content.
    struct Edit {
        var index: Int
        var event: MatrixEvent
    }

    /// Edits by target event id, in file order.
    private(set) var edits: [String: [Edit]] = [:]
    /// Reaction events by target event id, in file order.
    private(set) var reactions: [String: [MatrixEvent]] = [:]
    /// Redactions by redacted event id: who redacted and why.
    private(set) var redactions: [String: MatrixUnsigned.Redaction] = [:]
    /// Indexes of the events that are relations (not shown as messages themselves).
    private(set) var consumed: Set<Int> = []

    init(_ events: [MatrixEvent]) {
        for (index, event) in events.enumerated() {
            let relation = event.content?.relates_to
            switch event.type {
            case "m.room.redaction":
                consumed.insert(index)
                if let target = event.redacts ?? event.content?.redacts {
                    redactions[target] = MatrixUnsigned.Redaction(sender: event.sender, content: event.content)
                }
            case "m.reaction" where relation?.rel_type == "m.annotation":
                consumed.insert(index)
                if let target = relation?.event_id { reactions[target, default: []].append(event) }
            case "m.room.message" where relation?.rel_type == "m.replace":
                if let target = relation?.event_id { edits[target, default: []].append(Edit(index: index, event: event)) }
            default:
                break
            }
        }
    }

    /// Whether the event with `id` was redacted (in its own `unsigned` or by a redaction event).
    func isRedacted(_ event: MatrixEvent) -> Bool {
        event.unsigned?.redacted_because != nil || event.event_id.map { redactions[$0] != nil } ?? false
    }

    /// The redaction of `event`, if any.
    func redaction(of event: MatrixEvent) -> MatrixUnsigned.Redaction? {
        event.unsigned?.redacted_because ?? event.event_id.flatMap { redactions[$0] }
    }
}
