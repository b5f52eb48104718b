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
