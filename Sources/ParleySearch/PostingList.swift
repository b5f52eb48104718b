/// One term's documents while the index is gathered, in 8 bytes of a ``TermTable`` entry (as
/// an array of 32-bit numbers took): a term in one document holds it inline — most terms of an
/// archive, a number or a name said once, and no heap array for them — and a term in more holds
/// one byte array: the last document added (4 bytes, little-endian), then each document as its
/// difference from the one added before it (the first from 0), zigzag-encoded (a difference d ≥ 0
/// as 2d, d < 0 as −2d − 1) in LEB128 (7 bits a byte, the high bit set on all but the last). A
/// channel's documents arrive in increasing order, so a frequent term's differences are small and
/// take one or two bytes instead of four; a repeat (the term again in the same document) takes one.
/// - Complexity: ``append(_:)`` O(1) amortized; ``documents()`` O(n).
struct PostingList: Sendable {
    private enum Storage {
        /// One document, inline.
        case one(UInt32)
        /// No document (empty), or more than one.
        case bytes([UInt8])
    }
    private var storage = Storage.bytes([])

    /// The heap bytes the list takes: none for at most one document, else 4 for the last one and
    /// then the differences.
    var byteCount: Int {
        guard case let .bytes(bytes) = storage else { return 0 }
        return bytes.count
    }

    /// Adds `document` after the ones added so far.
    mutating func append(_ document: UInt32) {
        switch storage {
        case let .one(first):
            var bytes: [UInt8] = [0, 0, 0, 0]
            bytes.reserveCapacity(8)
            Self.append(first, after: 0, to: &bytes)
            Self.append(document, after: first, to: &bytes)
            storage = .bytes(bytes)
        case var .bytes(bytes):
            if bytes.isEmpty {
                storage = .one(document)
                return
            }
            storage = .bytes([])
            var last: UInt32 = 0
            for index in (0..<4).reversed() { last = last << 8 | UInt32(bytes[index]) }
            Self.append(document, after: last, to: &bytes)
            storage = .bytes(bytes)
        }
    }

    /// Writes `document` as the last one into the first 4 bytes of `bytes` and appends its
    /// difference from `previous`.
    private static func append(_ document: UInt32, after previous: UInt32, to bytes: inout [UInt8]) {
        for index in 0..<4 { bytes[index] = UInt8(truncatingIfNeeded: document >> (8 * UInt32(index))) }
        let difference = Int64(document) - Int64(previous)
        var value = UInt64(bitPattern: difference < 0 ? -2 * difference - 1 : 2 * difference)
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// Adds `documents` in order after the ones added so far.
    mutating func append(contentsOf documents: [UInt32]) {
        for document in documents { append(document) }
    }

    /// The list as bytes (``SearchSpill`` writes them): none when empty, else 4 bytes for the
    /// last document and then the differences, as the list keeps more than one.
    var encoded: [UInt8] {
        switch storage {
        case let .one(document):
            var bytes: [UInt8] = [0, 0, 0, 0]
            Self.append(document, after: 0, to: &bytes)
            return bytes
        case let .bytes(bytes): return bytes
        }
    }

    /// An empty list.
    init() {}

    /// The list whose ``encoded`` bytes are `bytes`.
    init(encoded bytes: [UInt8]) {
        storage = .bytes(bytes)
    }

    /// The documents, in the order they were added (repeats included).
    func documents() -> [UInt32] {
        let bytes: [UInt8]
        switch storage {
        case let .one(document): return [document]
        case let .bytes(stored): bytes = stored
        }
        var documents: [UInt32] = []
        var previous: Int64 = 0
        var value: UInt64 = 0
        var shift: UInt64 = 0
        for byte in bytes.dropFirst(4) {
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
