import ParleyDigest

/// The input records a sink already holds for one channel, by message id and source digest, so an
/// importer reading that channel's record list can pass over a record the sink holds byte for byte
/// (``MessageSink/acceptKnown(_:in:at:)``) instead of building, converting and handing it over.
///
/// A record's source digest is XXH3-64 of its bytes under ``seed`` (``digest(of:seed:)``); the sink
/// makes the seed stand for everything else the message read from it depends on (this build of
/// Parley, the reader, `--me`, the channel). A record is passed over only the first time its id
/// is met in the list: once a record of an id was read (``meet(_:)``), that id's stored copy may
/// have changed, and a later record of it is read too. Ids are kept as 64-bit hashes: 16 bytes a
/// message, in the order given. A newer export lists the records in the order the sink gave
/// them (its display order), with some added and few missing, so each id met is first looked for
/// at the entry after the last one found: reading the entries in order, where a search touches
/// places anywhere in them (a cache miss each at a million messages). An id not there is found
/// through an index of the entries' places, in buckets by their id hash's top bits (about four
/// places a bucket) and sorted within each by id hash.
public struct KnownRecords: Sendable {
    /// What every digest of these records starts from.
    public let seed: UInt64
    /// The id hash and source digest of each record held, in the order given.
    private let entries: [(id: UInt64, digest: UInt64)]
    /// The places in ``entries``, by bucket, then by id hash and digest.
    private let places: [Int32]
    /// Where each bucket's places begin in ``places``, and after the last one, their end; a
    /// bucket is the top ``bucketBits`` bits of an id hash.
    private let buckets: [Int]
    private let bucketBits: Int
    /// One bit per entry: its id hash is another entry's too (then it is always searched for).
    private let shared: [UInt64]
    /// One bit per entry: its id was met in the list.
    private var met: [UInt64]
    /// The entry after the last one found: where the next id is looked for first.
    private var next = 0

    /// - Parameters:
    ///   - seed: The seed of every digest (``digest(of:seed:)``).
    ///   - entries: Each record held: ``idHash(_:)`` of its message id and its source digest, in the
    ///     order the list is likely to give them; none for a sink that keeps digests but holds
    ///     nothing to compare with yet. At most 2^31 − 1 entries are kept (a channel's messages).
    /// - Complexity: O(n) for n entries, and the sorting of each bucket (O(n log n) only when
    ///   most ids share their top bits).
    public init(seed: UInt64, entries: [(id: UInt64, digest: UInt64)] = []) {
        self.seed = seed
        let entries = entries.count <= Int(Int32.max) ? entries : Array(entries.prefix(Int(Int32.max)))
        let bits = max(0, Int.bitWidth - entries.count.leadingZeroBitCount - 2)
        bucketBits = bits
        // Counting sort by bucket, then each bucket sorted.
        var starts = [Int](repeating: 0, count: (1 << bits) + 1)
        for entry in entries { starts[Self.bucket(entry.id, bits: bits) + 1] += 1 }
        for index in starts.indices.dropFirst() { starts[index] += starts[index - 1] }
        var next = starts
        var places = [Int32](repeating: 0, count: entries.count)
        for (place, entry) in entries.enumerated() {
            let bucket = Self.bucket(entry.id, bits: bits)
            places[next[bucket]] = Int32(place)
            next[bucket] += 1
        }
        var shared = [UInt64](repeating: 0, count: (entries.count + 63) / 64)
        for bucket in 0..<(starts.count - 1) where starts[bucket + 1] - starts[bucket] > 1 {
            let range = starts[bucket]..<starts[bucket + 1]
            places[range].sort { (entries[Int($0)].id, entries[Int($0)].digest) < (entries[Int($1)].id, entries[Int($1)].digest) }
            for index in range.dropFirst() where entries[Int(places[index])].id == entries[Int(places[index - 1])].id {
                for place in [Int(places[index]), Int(places[index - 1])] { shared[place / 64] |= 1 << (place % 64) }
            }
        }
        self.entries = entries
        self.places = places
        self.shared = shared
        buckets = starts
        met = Array(repeating: 0, count: (entries.count + 63) / 64)
    }

    /// The bucket of id hash `id`: its top `bits` bits.
    private static func bucket(_ id: UInt64, bits: Int) -> Int { bits == 0 ? 0 : Int(truncatingIfNeeded: id >> (64 - bits)) }

    /// Whether no record is held.
    public var isEmpty: Bool { entries.isEmpty }

    /// The hash a message id (its UTF-8 bytes) is kept as.
    public static func idHash(_ id: UnsafeRawBufferPointer) -> UInt64 { RecordDigest.digest(id, seed: 0) }

    /// The source digest of a record's bytes under `seed` (a table's ``seed``).
    /// - Complexity: O(n) in the bytes' length.
    public static func digest(of record: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 { RecordDigest.digest(record, seed: seed) }

    /// Whether the record of message `id` (its UTF-8 bytes) with source digest `digest` is held and
    /// its id not met yet in the list; either way the id is met from now on.
    /// - Complexity: O(1) for the entry after the last one found, else O(log b) for the b entries
    ///   of the id hash's bucket (about four).
    public mutating func claim(id: UnsafeRawBufferPointer, digest: UInt64) -> Bool {
        meet(hash: Self.idHash(id), digest: digest)
    }

    /// Whether a record whose id hashes to `hash` (``idHash(_:)``) with source digest `digest` is
    /// held and its id not met yet in the list; either way the id is met from now on.
    /// - Complexity: as ``claim(id:digest:)``.
    public mutating func claim(hash: UInt64, digest: UInt64) -> Bool { meet(hash: hash, digest: digest) }

    /// Notes that a record of message `id` was read: no later record of it is passed over.
    /// - Complexity: as ``claim(id:digest:)``.
    public mutating func meet(_ id: String) {
        var id = id
        _ = meet(hash: id.withUTF8 { Self.idHash(UnsafeRawBufferPointer($0)) }, digest: nil)
    }

    /// Marks every entry of id hash `hash` met, and returns whether one of them held `digest` and
    /// was not met before; the entry after the last one marked is looked at first next time.
    private mutating func meet(hash: UInt64, digest: UInt64?) -> Bool {
        if next < entries.count, entries[next].id == hash, !Self.isSet(shared, next) {
            defer { next += 1 }
            return mark(next, digest: digest)
        }
        var index = firstPlace(of: hash)
        var held = false
        while index < places.count, entries[Int(places[index])].id == hash {
            let place = Int(places[index])
            held = mark(place, digest: digest) || held
            next = place + 1
            index += 1
        }
        return held
    }

    /// Marks entry `place` met; returns whether it held `digest` and was not met before.
    private mutating func mark(_ place: Int, digest: UInt64?) -> Bool {
        let held = entries[place].digest == digest && !Self.isSet(met, place)
        met[place / 64] |= 1 << (place % 64)
        return held
    }

    private static func isSet(_ bits: [UInt64], _ place: Int) -> Bool { bits[place / 64] & 1 << (place % 64) != 0 }

    /// The index in ``places`` of the first place whose entry's id hash is not below `hash` in
    /// its bucket (the end of the bucket when there is none).
    private func firstPlace(of hash: UInt64) -> Int {
        let bucket = Self.bucket(hash, bits: bucketBits)
        var low = buckets[bucket]
        var high = buckets[bucket + 1]
        while low < high {
            let middle = (low + high) / 2
            if entries[Int(places[middle])].id < hash { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
