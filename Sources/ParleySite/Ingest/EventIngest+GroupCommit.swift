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
        guard let store else {
            let accepted = check(remaining, on: channel)
            guard !accepted.isEmpty else { return }
            let events = accepted.flatMap(\.events)
            let result: Result<Int, IngestError>
            do throws(EventError) {
                result = .success(try channel.apply(events)?.version ?? channel.version)
            } catch {
                result = .failure(.rejected(index: channel.firstFailure(in: events)?.index ?? 0, error))
            }
            for batch in accepted { batch.finish(result) }
            return
        }
        var accepted: [WaitingBatch] = []
        let versions: [Int]
        do throws(StoreError) {
            versions = try store.append(to: id.rawValue, after: channel.appliedVersion, in: channel.epoch.rawValue) { committed in
                _ = channel.applyStored(committed, from: store.path, byVersion: true)
                accepted = check(remaining, on: channel)
                return accepted.flatMap(\.records)
            }
        } catch {
            for batch in remaining where !batch.isFinished { batch.finish(.failure(.storeFailed(error.description))) }
            return
        }
        guard let version = versions.last else { return }
        let result: Result<Int, IngestError>
        do throws(EventError) {
            try channel.apply(accepted.flatMap(\.events), version: version)
            result = .success(version)
        } catch {
            result = .failure(.notApplied(version: version, error))
        }
        for batch in accepted { batch.finish(result) }
    }

    /// The batches of `group` that apply to `channel`, each on top of the earlier ones that
    /// apply; the others are finished with why they were rejected.
    private func check(_ group: ArraySlice<WaitingBatch>, on channel: LiveServedChannel) -> [WaitingBatch] {
        var accepted: [WaitingBatch] = []
        for (batch, failure) in zip(group, channel.live.failures(in: group.map(\.events))) {
            guard let failure else {
                accepted.append(batch)
                continue
            }
            batch.finish(.failure(.rejected(index: failure.index, failure.error)))
        }
        return accepted
    }
}
