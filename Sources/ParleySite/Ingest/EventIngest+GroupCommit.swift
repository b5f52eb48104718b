import ParleyModel
import ParleyStore
import Synchronization

/// A batch of events waiting for a group commit, and its outcome once one took it.
final class WaitingBatch: Sendable {
    let channel: ChannelID
    let events: [TranscriptEvent]
    let records: [String]
    private let outcome = Mutex<Result<Int, IngestError>?>(nil)

    init(channel: ChannelID, events: [TranscriptEvent], records: [String]) {
        self.channel = channel
        self.events = events
        self.records = records
    }

    /// Whether a group commit has decided this batch.
    var isFinished: Bool { outcome.withLock { $0 != nil } }

    func finish(_ result: Result<Int, IngestError>) { outcome.withLock { $0 = result } }

    /// The version the batch became visible at, or why it was refused.
    func result() throws(IngestError) -> Int {
        switch outcome.withLock({ $0 }) {
        case let .success(version): return version
        case let .failure(error): throw error
        case nil: throw .storeFailed("the batch was not committed")
        }
    }
}

extension EventIngest {
    /// Group commit, as databases do it: the holder of the lock takes every waiting batch and,
    /// channel by channel, checks each on top of the earlier ones that apply, commits the accepted
    /// ones in one transaction (one disk sync) and applies them as one change (one patch batch).
    /// Each batch is still all or nothing, and its reply names the version where it became
    /// visible. Concurrent posters thus share the costs that do not grow with the events.
    /// Call with ``order`` held.
    func commitWaiting() {
        let batches = waiting.withLock { waiting in
            defer { waiting = [] }
            return waiting
        }
        var channels: [ChannelID] = []
        var groups: [ChannelID: [WaitingBatch]] = [:]
        for batch in batches {
            if groups[batch.channel] == nil { channels.append(batch.channel) }
            groups[batch.channel, default: []].append(batch)
        }
        for id in channels { commit(groups[id] ?? [], to: id) }
    }

    private func commit(_ group: [WaitingBatch], to id: ChannelID) {
        var remaining = group[...]
        var found: LiveServedChannel?
        while found == nil, let first = remaining.first {
            do throws(IngestError) {
                found = try liveChannel(id, for: first.events)
            } catch {
                first.finish(.failure(error))
                remaining = remaining.dropFirst()
            }
        }
        guard let channel = found else { return }
        var accepted: [WaitingBatch] = []
        for (batch, failure) in zip(remaining, channel.live.failures(in: remaining.map(\.events))) {
            guard let failure else {
                accepted.append(batch)
                continue
            }
            batch.finish(.failure(.rejected(index: failure.index, failure.error)))
        }
        guard !accepted.isEmpty else { return }
        let result = apply(accepted.flatMap(\.events), records: accepted.flatMap(\.records), to: channel)
        for batch in accepted { batch.finish(result) }
    }

    private func apply(_ events: [TranscriptEvent], records: [String], to channel: LiveServedChannel) -> Result<Int, IngestError> {
        guard let store else {
            do throws(EventError) {
                return .success(try channel.apply(events)?.version ?? channel.version)
            } catch {
                return .failure(.rejected(index: channel.firstFailure(in: events)?.index ?? 0, error))
            }
        }
        let version: Int
        do throws(StoreError) {
            version = try store.append(records, to: channel.id.rawValue).last ?? channel.version
        } catch {
            return .failure(.storeFailed(error.description))
        }
        do throws(EventError) {
            try channel.apply(events, version: version)
        } catch {
            return .failure(.notApplied(version: version, error))
        }
        return .success(version)
    }
}
