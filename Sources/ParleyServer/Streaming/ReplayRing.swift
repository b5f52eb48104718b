/// The latest patch batches of one channel, bounded by count and by bytes, so a viewer that
/// reconnects gets exactly the batches after its version.
///
/// Batches form a chain: each one's `base` is the previous one's `version`. A batch whose base
/// is not the ring's latest version breaks the chain and empties the ring (older batches can
/// no longer be replayed onto it).
struct ReplayRing {
    struct Entry {
        let version: Int
        let base: Int
        let frame: Frame
    }

    let limits: ReplayLimits
    /// The version after the last batch (the initial version when none was added).
    private(set) var latestVersion: Int
    private var entries: [Entry] = []
    private var head = 0
    private(set) var byteCount = 0

    init(initialVersion: Int, limits: ReplayLimits) {
        self.latestVersion = initialVersion
        self.limits = limits
    }

    /// The batches held, oldest first.
    var count: Int { entries.count - head }

    /// Adds the batch taking `base` to `version`, then drops the oldest batches beyond the limits.
    /// - Complexity: amortized O(1).
    mutating func append(version: Int, base: Int, frame: Frame) {
        if base != latestVersion { removeAll() }
        entries.append(Entry(version: version, base: base, frame: frame))
        byteCount += frame.bytes.count
        latestVersion = version
        while count > 0, count > limits.batches || byteCount > limits.bytes {
            byteCount -= entries[head].frame.bytes.count
            head += 1
        }
        if head > 64, head * 2 > entries.count {
            entries.removeFirst(head)
            head = 0
        }
    }

    /// The batches a client at `version` needs, oldest first: empty when it is at the latest
    /// version, nil when `version` is not on the chain held (it left the ring, or is unknown).
    /// - Complexity: O(log n) to find the start (versions increase along the chain).
    func entries(after version: Int) -> ArraySlice<Entry>? {
        if version == latestVersion { return [] }
        var low = head, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].base < version { low = middle + 1 } else { high = middle }
        }
        guard low < entries.count, entries[low].base == version else { return nil }
        return entries[low...]
    }

    private mutating func removeAll() {
        entries.removeAll()
        head = 0
        byteCount = 0
    }
}
