extension Channel {
    /// Applies `events` in order, all or nothing: when one fails, the ones before it are undone
    /// and the channel is exactly as it was. The message list is changed in place, never copied,
    /// so a change to a long channel costs what its events cost.
    /// - Throws: ``EventBatchFailure`` naming the failed event's index and its ``EventError``.
    /// - Complexity: O(k) for k events, plus each event's lookup (from the end) and the shifts of
    ///   deletes.
    public mutating func apply(_ events: [TranscriptEvent]) throws(EventBatchFailure) {
        _ = try applyUndoably(events)
    }

    /// Applies `events` as ``apply(_:)-(([TranscriptEvent]))`` does and returns what each did, in
    /// order, for a caller that keeps an index of the messages.
    /// - Throws: as ``apply(_:)-(([TranscriptEvent]))``; then nothing changed.
    package mutating func applyReportingEffects(_ events: [TranscriptEvent]) throws(EventBatchFailure) -> [EventEffect] {
        try applyUndoably(events).map(\.effect)
    }

    /// The first of `events` that would fail, or nil when all apply; the channel is unchanged
    /// either way (the events are applied, then undone). Complexity as ``apply(_:)-(([TranscriptEvent]))``.
    public mutating func firstFailure(in events: [TranscriptEvent]) -> EventBatchFailure? {
        failures(in: [events])[0]
    }

    /// Checks `batches` in order, each on top of the ones before it that apply (a group commit's
    /// check): the failure of each batch, or nil where it applies. The channel is unchanged
    /// afterwards (everything applied is undone). O(total events), plus lookups.
    public mutating func failures(in batches: [[TranscriptEvent]]) -> [EventBatchFailure?] {
        var logs: [[Undo]] = []
        var failures: [EventBatchFailure?] = []
        for batch in batches {
            do throws(EventBatchFailure) {
                logs.append(try applyUndoably(batch))
                failures.append(nil)
            } catch {
                failures.append(error)
            }
        }
        for log in logs.reversed() { undo(log) }
        return failures
    }

    /// One applied event's effect and the message it replaced or removed.
    private typealias Undo = (effect: EventEffect, previous: Message?)

    private mutating func applyUndoably(_ events: [TranscriptEvent]) throws(EventBatchFailure) -> [Undo] {
        var log: [Undo] = []
        log.reserveCapacity(events.count)
        for (index, event) in events.enumerated() {
            let position = messages.lastIndex { $0.id == event.messageID }
            let previous = position.map { messages[$0] }
            do throws(EventError) {
                log.append((try apply(event, at: position), previous))
            } catch {
                undo(log)
                throw EventBatchFailure(index: index, error: error)
            }
        }
        return log
    }

    private mutating func undo(_ log: [Undo]) {
        for (effect, previous) in log.reversed() {
            switch effect {
            case .appended: messages.removeLast()
            case let .replaced(position): if let previous { messages[position] = previous }
            case let .removed(position): if let previous { messages.insert(previous, at: position) }
            }
        }
    }
}

/// Which event of a batch failed (its index, from 0) and why; the batch changed nothing.
public struct EventBatchFailure: Error, Equatable, Sendable {
    /// The failed event's index in the batch.
    public var index: Int
    /// Why it failed.
    public var error: EventError

    public init(index: Int, error: EventError) {
        self.index = index
        self.error = error
    }
}
