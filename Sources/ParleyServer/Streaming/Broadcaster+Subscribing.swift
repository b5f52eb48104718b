extension Broadcaster {
    /// How a new stream starts.
    enum StreamStart {
        /// Replay the ring's batches after the client's version.
        case replay(after: Int)
        /// The client is at a version not published yet, which the channel already shows (its
        /// page was rendered between the change and its batch): send nothing until the batches
        /// after that version.
        case ahead(of: Int)
        /// Send one reset batch that brings any client to `version`, then the batches after it.
        case reset(Frame, version: Int)
    }

    /// The outcome of ``subscribe(_:prologue:start:)``.
    enum Subscription: Equatable {
        case subscribed
        /// The version is not in the ring (or its replay would pass the viewer's buffer limit):
        /// start with a reset instead.
        case needsReset
        /// The server is stopping.
        case closed
    }

    /// Registers `viewer` and queues its first frames: `prologue` (the `retry:` hint), then the
    /// replay (none when ahead) or the reset, then the ring's batches after the reset's version. Under the
    /// broadcaster's lock, so no batch published meanwhile is lost or sent twice.
    /// - Complexity: O(log r + k) for a ring of r batches and k replayed.
    func subscribe(_ viewer: Viewer, prologue: Frame, start: StreamStart) -> Subscription {
        state.withLock { state in
            guard !state.isClosed else { return .closed }
            var frames = [prologue]
            let version: Int
            switch start {
            case let .ahead(of: clientVersion) where clientVersion > state.ring.latestVersion:
                version = clientVersion
            case let .replay(after: clientVersion), let .ahead(of: clientVersion):
                guard let entries = state.ring.entries(after: clientVersion),
                    entries.reduce(0, { $0 + $1.frame.bytes.count }) <= viewerBufferLimit
                else { return .needsReset }
                frames += entries.map(\.frame)
                version = max(clientVersion, entries.last?.version ?? clientVersion)
            case let .reset(frame, version: resetVersion):
                frames.append(frame)
                if resetVersion < state.ring.latestVersion {
                    guard let entries = state.ring.entries(after: resetVersion) else { return .needsReset }
                    frames += entries.map(\.frame)
                }
                version = max(resetVersion, state.ring.latestVersion)
            }
            viewer.start(with: frames, version: version)
            state.viewers.append(viewer)
            return .subscribed
        }
    }
}
