import ParleyModel

/// Gathers thread replies under their parent, for the whole import of a conversation (the
/// streamed import hands messages on in file order, and the archive's store orders them by time):
/// Slack exports a reply in the day file of its own date, so a thread can span several files.
///
/// The result keeps top-level messages in time order, each thread's parent followed by its
/// replies in time order; the parent's ``Message/threadReplies`` lists them. A reply whose parent
/// is not in the export, or is itself a reply, stays in time order among the top-level messages. A message id (`ts`)
/// seen twice is kept once (the later copy) and reported at the later copy's day file and place,
/// naming where the first was.
struct SlackThreads {
    /// A message as a day file gave it, with where.
    typealias Record = (message: Message, location: RecordLocation)

    private(set) var diagnostics: [Diagnostic] = []

    /// Gathers `records` (a conversation's messages in day order, each day's in file order).
    /// - Complexity: O(n log n) for n messages.
    mutating func gather(_ records: [Record]) -> [Message] {
        var byID: [MessageID: Message] = [:]
        var firstSeen: [MessageID: RecordLocation] = [:]
        var order: [MessageID] = []
        for (message, location) in records {
            if let first = firstSeen[message.id] {
                diagnostics.append(.duplicate(id: message.id.rawValue, at: location, firstSeenAt: first))
            } else {
                order.append(message.id)
                firstSeen[message.id] = location
            }
            byID[message.id] = message
        }
        var replies: [MessageID: [MessageID]] = [:]
        for id in order {
            if let root = Self.parent(of: id, in: byID) { replies[root, default: []].append(id) }
        }
        for (root, ids) in replies {
            let sorted = ids.sorted { (byID[$0]!.timestamp, $0) < (byID[$1]!.timestamp, $1) }
            byID[root]?.threadReplies = sorted
        }
        let topLevel = order.filter { Self.parent(of: $0, in: byID) == nil }
            .sorted { (byID[$0]!.timestamp, $0) < (byID[$1]!.timestamp, $1) }
        var result: [Message] = []
        result.reserveCapacity(order.count)
        for id in topLevel {
            result.append(byID[id]!)
            for reply in byID[id]!.threadReplies ?? [] { result.append(byID[reply]!) }
        }
        return result
    }

    /// The message that `id` is gathered under: its thread's root when the export holds it and it is
    /// not itself a reply to a message the export holds (Slack threads are one level deep); else
    /// nil, and `id` stays among the top-level messages. So a reply to a reply, or replies naming
    /// each other, are kept rather than lost.
    private static func parent(of id: MessageID, in byID: [MessageID: Message]) -> MessageID? {
        guard let root = byID[id]?.threadRoot, let parent = byID[root] else { return nil }
        if let grandparent = parent.threadRoot, byID[grandparent] != nil { return nil }
        return root
    }
}
