/// The bytes waiting to be sent to one viewer: a queue of shared frames with a read position,
/// bounded in bytes.
///
/// Frames are shared with other viewers (copy-on-write arrays), so a queue costs one reference
/// per frame; bytes are copied once, into the HTTP library's buffer, by ``read(into:now:observe:)``.
struct ViewerQueue {
    /// The most bytes queued; an append beyond it fails (the viewer is then dropped). A frame
    /// larger than the limit is accepted when the queue is empty, so one large reset fits.
    let limit: Int
    private var frames: [Frame] = []
    private var head = 0
    private var offset = 0
    /// Bytes queued and not yet read.
    private(set) var queuedBytes = 0

    init(limit: Int) { self.limit = limit }

    var isEmpty: Bool { queuedBytes == 0 }

    /// Queues `frame`.
    /// - Parameter bounded: false to queue past ``limit`` (the first frames of a stream, which
    ///   the broadcaster sizes itself).
    /// - Returns: false, leaving the queue unchanged, when bounded, the queue holds bytes and
    ///   `frame` would take it past ``limit``.
    mutating func append(_ frame: Frame, bounded: Bool = true) -> Bool {
        guard !frame.bytes.isEmpty else { return true }
        if bounded, queuedBytes > 0, queuedBytes + frame.bytes.count > limit { return false }
        frames.append(frame)
        queuedBytes += frame.bytes.count
        return true
    }

    /// Copies up to `buffer.count` queued bytes into `buffer`, oldest first.
    /// - Parameters:
    ///   - now: The current ``MonotonicClock`` time.
    ///   - observe: Called with the delay in nanoseconds from publication to now, once for each
    ///     measured frame whose last byte this read copies.
    /// - Returns: The number of bytes copied.
    /// - Complexity: O(bytes copied + frames finished).
    mutating func read(into buffer: UnsafeMutableRawBufferPointer, now: UInt64, observe: (UInt64) -> Void) -> Int {
        var copied = 0
        while copied < buffer.count, head < frames.count {
            let frame = frames[head]
            let count = min(frame.bytes.count - offset, buffer.count - copied)
            frame.bytes.withUnsafeBytes { source in
                buffer.baseAddress!.advanced(by: copied).copyMemory(from: source.baseAddress!.advanced(by: offset), byteCount: count)
            }
            copied += count
            offset += count
            if offset == frame.bytes.count {
                if frame.publishedAt != 0 { observe(now &- frame.publishedAt) }
                head += 1
                offset = 0
            }
        }
        queuedBytes -= copied
        compact()
        return copied
    }

    /// Empties the queue and releases its storage.
    mutating func removeAll() {
        frames = []
        head = 0
        offset = 0
        queuedBytes = 0
    }

    private mutating func compact() {
        if head == frames.count {
            frames.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 32, head * 2 > frames.count {
            frames.removeFirst(head)
            head = 0
        }
    }
}
