import Glibc
import ParleyModel

/// The authors of the `message` records read so far, each by its `author` object's bytes, for a
/// caller reading many records of one store: every record repeats its author's whole object (id,
/// names, colour, avatar URL), and a channel's records come from few people, so an object read
/// before is known by its bytes instead of being read member by member into new strings again
/// (measured on 10,000 generated Discord messages: 3,700 instructions a record, 2 % of a render).
///
/// An object is looked up by a digest (``key(_:)``) of the record's bytes from the
/// object's start through the first `}` (its own end, or one inside it), at most ``keyBytes`` of
/// them: a function of the object's bytes alone, which tells apart objects that share a long
/// start (every Discord avatar URL begins alike). It is confirmed byte for byte: when the record's
/// bytes from there begin with the whole object kept, the value there is that object (a JSON
/// object ends where its bytes say), so its author is the one its reading gave. The memo holds at
/// most ``capacity`` objects of at most ``keptBytes`` bytes each (a larger one is read every
/// time) and starts afresh when full: at most about 1 MiB.
package struct RecordAuthorMemo: Sendable {
    /// Each kept object's place in ``objects`` and ``authors``, by its digest. The objects and
    /// authors are held apart and read in place: a dictionary of `(object, author)` entries
    /// copied each entry out and destroyed it, about 1,000 of a hit's 1,700 instructions.
    private var places: [UInt64: Int] = [:]
    private var objects: [[UInt8]] = []
    private var authors: [Author] = []
    /// The most objects held: 512 by default, more than the authors of nearly every channel.
    package let capacity: Int

    /// The most bytes from an object's start that its digest covers.
    static let keyBytes = 512
    /// The bytes of the largest object kept.
    static let keptBytes = 2_048

    /// An empty memo of at most `capacity` objects (0: one that keeps none).
    package init(capacity: Int = 512) { self.capacity = capacity }

    /// The number of objects held.
    package var count: Int { authors.count }

    /// The author of the object `text` begins with, and the object's length in bytes, when the
    /// memo holds that object.
    /// - Complexity: O(the object's length).
    func author(at text: UnsafeBufferPointer<UInt8>) -> (author: Author, length: Int)? {
        guard let place = places[Self.key(text)] else { return nil }
        let length = objects[place].count
        guard length <= text.count, objects[place].withUnsafeBufferPointer({ memcmp($0.baseAddress!, text.baseAddress!, length) }) == 0
        else { return nil }
        return (authors[place], length)
    }

    /// Keeps `author`, read from the first `length` bytes of `text` (an `author` object), unless
    /// the object is larger than ``keptBytes``.
    mutating func keep(_ author: Author, length: Int, of text: UnsafeBufferPointer<UInt8>) {
        guard capacity > 0, length > 0, length <= Self.keptBytes else { return }
        let key = Self.key(text)
        if let place = places[key] {
            objects[place] = Array(text.prefix(length))
            authors[place] = author
            return
        }
        if authors.count >= capacity {
            places.removeAll(keepingCapacity: true)
            objects.removeAll(keepingCapacity: true)
            authors.removeAll(keepingCapacity: true)
        }
        places[key] = authors.count
        objects.append(Array(text.prefix(length)))
        authors.append(author)
    }

    /// The digest of `text`'s bytes through its first `}`, at most ``keyBytes`` of them: eight
    /// bytes at a time, each word mixed in by a multiply and a shift (MurmurHash3's finalizer
    /// constant), the last bytes as one word padded with zeros. Not a stable digest: a key of
    /// this table only (a byte-at-a-time FNV-1a took 2,000 instructions for a Discord author).
    /// - Complexity: O(min(n, ``keyBytes``)).
    static func key(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = text.baseAddress else { return 0 }
        let window = min(text.count, keyBytes)
        let count = memchr(base, Int32(UInt8(ascii: "}")), window).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) + 1 } ?? window
        var digest = 0x9E37_79B9_7F4A_7C15 ^ UInt64(count)
        var offset = 0
        while offset + 8 <= count {
            digest = (digest ^ UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            digest ^= digest >> 32
            offset += 8
        }
        var last: UInt64 = 0
        for index in offset..<count { last |= UInt64(base[index]) << (8 * UInt64(index - offset)) }
        digest = (digest ^ last) &* 0xFF51_AFD7_ED55_8CCD
        return digest ^ digest >> 32
    }
}
