import ParleyLayout
import ParleyModel
import ParleyPatch

/// What a ``LiveChannel`` keeps under its one lock.
struct LiveState: Sendable {
    /// The channel's messages, in display order.
    var messages: [Message]
    /// Each message's position in ``messages``.
    var index: [MessageID: Int] = [:]
    var version: Int
    var window: LiveWindow
    /// Where batches go (the channel's broadcaster), once attached.
    var publish: (@Sendable (PatchBatch) -> Void)?

    /// Rebuilds ``index`` from ``messages`` (the last message with an id wins, as events find it).
    /// - Complexity: O(n).
    mutating func reindex() {
        index = [:]
        index.reserveCapacity(messages.count)
        for (position, message) in messages.enumerated() { index[message.id] = position }
    }

    /// Whether two messages share an id (an import may hold such): then a delete can uncover an
    /// earlier message with the id, and the index is rebuilt whole.
    var hasDuplicateIDs: Bool { index.count != messages.count }

    /// Applies `events` on the full path (all or nothing) and lays the window out again, keeping
    /// the index up to date from the first position an event removed or added on (a delete of a
    /// recent message re-indexes the few after it), and checking the order only around the
    /// messages the events touched; a message out of order sorts the channel again.
    /// - Throws: ``EventBatchFailure``; then nothing changes.
    /// - Complexity: O(events + messages after the first removed or added one + window), plus
    ///   O(n log n) when a message arrives out of order.
    mutating func applyFully(_ events: [TranscriptEvent], channel: Channel, version: Int?) throws(EventBatchFailure) -> PatchBatch? {
        let duplicates = hasDuplicateIDs
        var count = messages.count
        var changed = Channel(id: channel.id, name: channel.name)
        swap(&changed.messages, &messages)
        let effects: [Channel.EventEffect]
        do throws(EventBatchFailure) {
            effects = try changed.applyReportingEffects(events)
        } catch {
            swap(&changed.messages, &messages)
            throw error
        }
        swap(&changed.messages, &messages)
        var lowest = count
        var replaced: [MessageID] = []
        for (event, effect) in zip(events, effects) {
            switch effect {
            case .appended:
                lowest = min(lowest, count)
                count += 1
            case let .removed(position):
                lowest = min(lowest, position)
                count -= 1
                index[event.messageID] = nil
            case .replaced: replaced.append(event.messageID)
            }
        }
        if duplicates {
            reindex()
        } else {
            for position in lowest..<messages.count { index[messages[position].id] = position }
        }
        let touched = replaced.compactMap { index[$0] } + Array(max(lowest - 1, 0)..<messages.count)
        if touched.contains(where: { $0 + 1 < messages.count && ChatLayout.precedes(messages[$0 + 1], messages[$0]) })
            || touched.contains(where: { $0 > 0 && ChatLayout.precedes(messages[$0], messages[$0 - 1]) })
        {
            messages = ChatLayout.displayOrder(messages)
            reindex()
        }
        return publish(window.rebuild(messages, index: index), version: version)
    }

    /// Applies `event` on an O(Δ) path when it is a message appended at the end (a new id that
    /// sorts last) or a change in place of a message (edit, append, reaction), and returns the
    /// operations; nil when the event needs the full path (a delete, a message replaced or out of
    /// order), having changed nothing.
    /// - Throws: ``EventBatchFailure`` (index 0) when the event fails; then nothing changes.
    mutating func applyIncrementally(_ event: TranscriptEvent, channel: Channel) throws(EventBatchFailure) -> [PatchOperation]? {
        let position = index[event.messageID]
        switch event {
        case let .message(message):
            guard position == nil, message.channel == channel.id, messages.last.map({ !ChatLayout.precedes(message, $0) }) ?? true else {
                return nil
            }
            messages.append(message)
            index[message.id] = messages.count - 1
            return window.append(messages, index: index)
        case .delete:
            return nil
        case .edit, .append, .reactionAdd, .reactionRemove:
            guard let position else { return nil }
            var changed = Channel(id: channel.id, name: channel.name)
            swap(&changed.messages, &messages)
            defer { swap(&changed.messages, &messages) }
            do throws(EventError) {
                try changed.apply(event, at: position)
            } catch {
                throw EventBatchFailure(index: 0, error: error)
            }
            return window.change(at: position, messages: changed.messages)
        }
    }

    /// Runs `mutate` on the messages, keeps them in display order and lays out the window again
    /// (the full path), then publishes the batch.
    /// - Throws: what `mutate` throws; then nothing changes.
    mutating func change<Failure: Error>(
        version: Int?, _ mutate: (inout [Message]) throws(Failure) -> Void
    ) throws(Failure) -> PatchBatch? {
        var changed: [Message] = []
        swap(&changed, &messages)
        do throws(Failure) {
            try mutate(&changed)
        } catch {
            messages = changed
            throw error
        }
        messages = ChatLayout.displayOrder(changed)
        reindex()
        return publish(window.rebuild(messages, index: index), version: version)
    }

    /// The batch of `operations` at `version` (nil: the current version plus one), published;
    /// nil, with the version unchanged, when there are none.
    mutating func publish(_ operations: [PatchOperation], version: Int?) -> PatchBatch? {
        guard !operations.isEmpty else { return nil }
        let base = self.version
        self.version = max(version ?? base + 1, base + 1)
        let batch = PatchBatch(version: self.version, base: base, operations: operations)
        publish?(batch)
        return batch
    }
}
