import Foundation
import ParleyModel
import ParleyStore

extension EventIngest {
    /// Follows `log`, which other servers append to: on a thread of its own, waits for their
    /// commits to be announced — or one second, so that a lost announcement delays an event by
    /// at most that — and applies every event this server has not applied yet (``catchUp(from:)``).
    /// Runs for the rest of the process.
    public func follow(_ log: any SharedEventLog) {
        isFollowing.store(true, ordering: .relaxed)
        for channel in channels.withLock({ Array($0.values) }) { channel.isFollowed.store(true, ordering: .relaxed) }
        let thread = Thread { [self] in
            while true {
                catchUp(from: log)
                _ = log.awaitCommits(timeout: .seconds(1))
            }
        }
        thread.name = "parley-follow"
        thread.start()
    }

    /// Applies the events `log` holds past each live channel's applied version, in version order
    /// and under the same lock as commits, one change per version (the batch the committing
    /// server made of them); a channel that another server created (`--create-channels`) is
    /// created here too, when this server may create channels, with the epoch and every event
    /// the log holds for it then (newer than the listing, when the other server committed since).
    /// A channel whose stored epoch is not this server's, or whose stored version is below its
    /// own, belongs to a restored database: it is rebuilt from the log and its viewers reset.
    /// A failure to read the log changes nothing: the next call tries again.
    /// - Returns: the channels that changed.
    /// - Complexity: one query for the channels' versions, and one per channel that is behind.
    @discardableResult
    public func catchUp(from log: any SharedEventLog) -> [ChannelID] {
        order.withLock { _ in
            guard let stored = try? log.channels() else { return [] }
            var changed: [ChannelID] = []
            for entry in stored {
                let id = ChannelID(entry.id)
                let known = channels.withLock { $0[id] }
                guard let channel = known ?? (try? liveChannel(id, for: [])) else { continue }
                guard known != nil else {
                    // Created now from the log: it took the channel's stored epoch and every stored
                    // event, which may be newer than `entry` (read before another server's commit).
                    // Compared with `entry`, it would look like a restored database.
                    changed.append(id)
                    continue
                }
                if entry.epoch != channel.epoch.rawValue || entry.version < channel.appliedVersion {
                    if replaceHistory(of: channel, as: entry, in: log) { changed.append(id) }
                    continue
                }
                guard entry.version > channel.appliedVersion, let events = try? log.events(in: entry.id, after: channel.appliedVersion)
                else {
                    continue
                }
                _ = channel.applyStored(events, from: log.path, byVersion: true)
                changed.append(id)
            }
            return changed
        }
    }

    /// Rebuilds `channel` from every event `log` holds for it, in the stored epoch — or, when
    /// only its versions went backwards (the database was restored in place), in a new epoch this
    /// server records first. Viewers are reset to the new history.
    /// - Returns: whether the history was replaced (false when the log could not be read).
    private func replaceHistory(of channel: LiveServedChannel, as entry: StoredChannel, in log: any SharedEventLog) -> Bool {
        var epoch = entry.epoch
        if epoch == channel.epoch.rawValue {
            guard let replaced = try? log.replaceEpoch(of: entry.id, epoch, with: ChannelEpoch.random().rawValue) else { return false }
            epoch = replaced
        }
        guard let events = try? log.events(in: entry.id) else { return false }
        channel.replaceHistory(with: events, from: log.path, epoch: ChannelEpoch(rawValue: epoch))
        return true
    }
}
