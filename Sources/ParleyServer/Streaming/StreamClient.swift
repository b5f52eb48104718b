import ParleyModel

/// What an event stream request says of the page it continues: its version (`Last-Event-ID`,
/// else `?since=`) and the epoch of that version (`?epoch=`, the page's `data-epoch`).
struct StreamClient: Equatable, Sendable {
    /// The version the client's page shows, or nil when the request named none.
    var version: Int?
    /// The epoch of that version, or nil when the request named none (checked by version only).
    var epoch: String?

    /// Whether the client may resume in `epoch` from its version (a replay, or nothing to send
    /// yet): it named a version, and no epoch or that one. Otherwise it starts with a `reset`.
    func resumes(_ epoch: ChannelEpoch) -> Bool {
        version != nil && (self.epoch == nil || self.epoch == epoch.rawValue)
    }
}
