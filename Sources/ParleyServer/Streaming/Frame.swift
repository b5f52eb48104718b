/// Bytes of the event stream ready to send, shared by every viewer that queues them (arrays are
/// copy-on-write, so a batch published to 1,000 viewers is held once).
struct Frame: Sendable {
    /// The encoded event (`id:`, `event:`, `data:` lines), a comment or a `retry:` hint.
    let bytes: [UInt8]
    /// When the batch was published, in ``MonotonicClock`` nanoseconds; 0 for frames whose
    /// delivery is not measured (replays, resets, heartbeats).
    let publishedAt: UInt64

    init(_ bytes: [UInt8], publishedAt: UInt64 = 0) {
        self.bytes = bytes
        self.publishedAt = publishedAt
    }
}
