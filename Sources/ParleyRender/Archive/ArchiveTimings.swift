/// Where one ``ArchiveWriter/write(_:to:progress:)`` spent its time, and how much it wrote,
/// measured with a monotonic clock (`ContinuousClock`).
public struct ArchiveTimings: Sendable, Equatable {
    /// Laying out the channels and producing the bytes of every page: the writer's time outside
    /// file writes (resolving media included).
    public var render: Duration = .zero
    /// Writing files (pages, `colors.css`, public assets, copied media), then the manifest,
    /// carrying the user's files over and swapping the staging folder in.
    public var write: Duration = .zero
    /// The bytes of the files the archive's manifest lists (every file Parley wrote but the
    /// manifest itself).
    public var bytes = 0

    /// No time spent, nothing written.
    public init() {}
}
