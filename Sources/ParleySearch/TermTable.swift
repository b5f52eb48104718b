import ParleyModel

/// The terms a ``SearchIndexBuilder`` holds and their postings: an open-addressing hash table
/// (linear probing over a power-of-two number of slots, kept at most half full) keyed by a term's
/// UTF-8 bytes.
///
/// A term is hashed as its bytes' FNV-1a digest (``StableHasher``), spread over the slots by
/// Fibonacci hashing (the digest times 2^64/φ, its high bits), instead of `Dictionary`'s seeded
/// SipHash: on 100,000 generated Discord messages, a `[String: PostingList]` took about 360
/// instructions a look-up, 3.4 % of a render. Terms are the same when their digests are and the
/// strings are equal: the tokenizer gives them in NFC, where that is equality of bytes, as
/// `search.js` compares them.
/// - Complexity: ``append(_:to:)`` O(1) expected, amortized over the table's growth; memory about
///   24 bytes a term besides its string and postings.
struct TermTable: Sendable {
    /// Each slot's entry number plus one; 0 for an empty slot.
    private var slots: [UInt32] = Array(repeating: 0, count: 64)
    /// The bits of a digest that choose a slot: log₂ of the slot count.
    private var slotBits = 6
    /// The entries, in the order their terms were first met.
    private var terms: [String] = []
    private var digests: [UInt64] = []
    private var lists: [PostingList] = []

    /// The number of terms held.
    var count: Int { terms.count }

    /// Adds `document` to `term`'s postings (after the ones added so far).
    mutating func append(_ document: UInt32, to term: String) {
        lists[entry(for: term)].append(document)
    }

    /// Adds `documents`, in order, to `term`'s postings.
    mutating func append(contentsOf documents: [UInt32], to term: String) {
        lists[entry(for: term)].append(contentsOf: documents)
    }

    /// The terms and their postings, sorted by `precedes`.
    /// - Complexity: O(n log n) for n terms.
    func sorted(by precedes: (String, String) -> Bool) -> [(key: String, value: PostingList)] {
        zip(terms, lists).map { (key: $0, value: $1) }.sorted { precedes($0.key, $1.key) }
    }

    /// The number of `term`'s entry, made (with empty postings) when the term is new.
    private mutating func entry(for term: String) -> Int {
        var hasher = StableHasher()
        if term.utf8.withContiguousStorageIfAvailable({ hasher.feed(bytes: $0) }) == nil { hasher.feed(bytes: term.utf8) }
        let digest = hasher.digest
        let mask = slots.count - 1
        var slot = Self.slot(of: digest, bits: slotBits)
        while slots[slot] != 0 {
            let index = Int(slots[slot] - 1)
            if digests[index] == digest, terms[index] == term { return index }
            slot = (slot + 1) & mask
        }
        slots[slot] = UInt32(terms.count + 1)
        terms.append(term)
        digests.append(digest)
        lists.append(PostingList())
        if terms.count * 2 > slots.count { grow() }
        return terms.count - 1
    }

    /// Doubles the slots and places every entry again.
    private mutating func grow() {
        slotBits += 1
        slots = Array(repeating: 0, count: 1 << slotBits)
        let mask = slots.count - 1
        for (index, digest) in digests.enumerated() {
            var slot = Self.slot(of: digest, bits: slotBits)
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(index + 1)
        }
    }

    /// The first slot to try for `digest` among 2^`bits`.
    private static func slot(of digest: UInt64, bits: Int) -> Int {
        Int(truncatingIfNeeded: (digest &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }
}
