/// Why a broadcaster refused a batch.
public enum BroadcastError: Error, Equatable, Sendable {
    /// Versions must increase: `version` is not above `latest`, the version already published.
    case versionNotIncreasing(version: Int, latest: Int)
}
