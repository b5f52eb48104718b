import ParleyDigest

/// A fixed-size Bloom filter of the message ids an update of a store has met
/// (``ArchiveStore/beginUpdate()``): "not met" is certain, "met" may be wrong, so the store answers
/// a first sighting without a lookup and asks its tables only for the rest.
///
/// A split-block filter (Putze, Sanders and Singler, "Cache-, Hash- and Space-Efficient Bloom
/// Filters", 2007; the layout of Apache Parquet's and Impala's filters): a key's hash picks one
/// block of eight 64-bit words and one bit in each word, so a query or an insert touches one cache
/// line. With the default 2^18 blocks (16 MiB) and n keys, the chance that a key never inserted
/// reads as met is about `(1 - e^(-n / 2^24))^8`: 2.5 × 10⁻⁸ after a million keys, 3 × 10⁻⁵
/// after four million; such a false "met" costs only the switch to indexed sightings.
struct SightingFilter {
    /// Blocks of the filter a store starts an update with: 16 MiB.
    static let defaultBlocks = 1 << 18

    private var words: [UInt64]
    /// The number of blocks less one: a power of two less one, so a block is picked by a mask.
    private let blockMask: UInt64

    /// An empty filter of `blocks` blocks of 64 bytes (rounded up to a power of two, at least one).
    init(blocks: Int = Self.defaultBlocks) {
        var count = 1
        while count < blocks { count <<= 1 }
        words = Array(repeating: 0, count: count * 8)
        blockMask = UInt64(count - 1)
    }

    /// Notes `id` of the channel numbered `channel`.
    /// - Returns: whether it may have been noted before (false: certainly not).
    /// - Complexity: O(length of `id`).
    mutating func insert(channel: Int64, id: String) -> Bool {
        let (block, bits) = Self.probe(channel: channel, id: id, mask: blockMask)
        var met = true
        for word in 0..<8 {
            let bit = UInt64(1) << ((bits >> (6 * word)) & 63)
            if words[block * 8 + word] & bit == 0 {
                met = false
                words[block * 8 + word] |= bit
            }
        }
        return met
    }

    /// Whether `id` of the channel numbered `channel` may have been noted (false: certainly not).
    /// - Complexity: O(length of `id`).
    func contains(channel: Int64, id: String) -> Bool {
        let (block, bits) = Self.probe(channel: channel, id: id, mask: blockMask)
        for word in 0..<8 where words[block * 8 + word] & (UInt64(1) << ((bits >> (6 * word)) & 63)) == 0 {
            return false
        }
        return true
    }

    /// The block a key falls in and its eight 6-bit positions, one per word: the id's XXH3-64,
    /// with the channel's number mixed in after (seeding XXH3 with it instead would not do: for
    /// inputs of up to 3 bytes the seed is added to what the bytes make, so "aed" in channel 0 and
    /// "aec" in channel 1 hash alike), then a multiply–xorshift finalizer; the block from the low
    /// bits, the positions from the high 48 bits of the key times an odd constant.
    private static func probe(channel: Int64, id: String, mask: UInt64) -> (block: Int, bits: UInt64) {
        var id = id
        var key = id.withUTF8 { RecordDigest.digest(UnsafeRawBufferPointer($0), seed: 0) }
        key ^= UInt64(bitPattern: channel) &* 0xD6E8_FEB8_6659_FD93
        key = (key ^ key >> 32) &* 0xD6E8_FEB8_6659_FD93
        key ^= key >> 32
        return (Int(truncatingIfNeeded: key & mask), (key &* 0x9E37_79B9_7F4A_7C15) >> 16)
    }
}
