/// One term's documents while the index is gathered, in about a third of the memory of an array of
/// 32-bit numbers: the first document is held inline (a term in one document — a number, a name,
/// a typo; most of an archive's terms — allocates nothing), each later one as its difference from
/// the one added before it, zigzag-encoded (a difference d ≥ 0 as 2d, d < 0 as −2d − 1) in LEB128
/// (7 bits a byte, the high bit set on all but the last). A channel's documents arrive in
/// increasing order, so a frequent term's differences are small and take one or two bytes; a
/// repeat (the term again in the same document) takes one.
/// - Complexity: ``append(_:)`` O(1) amortized; ``documents()`` O(n).
struct PostingList: Sendable {
    private var bytes: [UInt8] = []
    private var first: UInt32 = 0
    private var last: UInt32 = 0
    private var isEmpty = true

    /// The bytes the differences after the first document take.
    var byteCount: Int { bytes.count }

    /// Adds `document` after the ones added so far.
    mutating func append(_ document: UInt32) {
        guard !isEmpty else {
            first = document
            last = document
            isEmpty = false
            return
        }
        let difference = Int64(document) - Int64(last)
        last = document
        var value = UInt64(bitPattern: difference < 0 ? -2 * difference - 1 : 2 * difference)
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// The documents, in the order they were added (repeats included).
    func documents() -> [UInt32] {
        guard !isEmpty else { return [] }
        var documents = [first]
        var previous = Int64(first)
        var value: UInt64 = 0
        var shift: UInt64 = 0
        for byte in bytes {
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 != 0 {
                shift += 7
                continue
            }
            let difference = value & 1 == 0 ? Int64(value >> 1) : -Int64(value >> 1) - 1
            previous += difference
            documents.append(UInt32(truncatingIfNeeded: previous))
            value = 0
            shift = 0
        }
        return documents
    }
}
