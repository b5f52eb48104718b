import Glibc

/// The system's monotonic clock (`CLOCK_MONOTONIC`) in nanoseconds.
///
/// It is shared by every process on the machine, so a benchmark client can subtract a publish
/// time written by the server from its own receive time.
public enum MonotonicClock {
    /// Nanoseconds since an unspecified start (usually boot); never decreases.
    public static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}
