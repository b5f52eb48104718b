/// How much history a channel's replay ring keeps: the oldest batches leave first when either
/// bound is passed.
public struct ReplayLimits: Hashable, Sendable {
    /// The most batches kept.
    public var batches: Int
    /// The most bytes kept (encoded events, summed).
    public var bytes: Int

    /// - Parameters:
    ///   - batches: At least 1; default 1,024.
    ///   - bytes: Default 8 MiB.
    public init(batches: Int = 1024, bytes: Int = 8 << 20) {
        self.batches = batches
        self.bytes = bytes
    }
}
