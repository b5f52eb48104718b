/// A 64-bit hash that is the same in every process and on every machine (FNV-1a, Fowler–Noll–Vo,
/// <http://www.isthe.com/chongo/tech/comp/fnv/>), for digests that are stored and compared across
/// runs: a stored message's record, the inputs of an archive page. Swift's `Hasher` is seeded per
/// process and cannot be stored.
///
/// Not a cryptographic hash: it detects change, it does not resist forgery. Each value is fed with
/// its length first, so the digests of `("ab", "c")` and `("a", "bc")` differ.
public struct StableHasher: Sendable {
    /// The digest of what was fed so far.
    public var digest: UInt64 { value }
    @usableFromInline var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// A hasher that has been fed nothing.
    public init() {}

    /// Feeds `bytes` (not their length). Inlinable, so that it is specialized for the caller's
    /// sequence in every module (unspecialized, it makes an iterator call per byte).
    /// - Complexity: O(bytes).
    @inlinable public mutating func feed(bytes: some Sequence<UInt8>) {
        var mixed = value
        for byte in bytes { mixed = (mixed ^ UInt64(byte)) &* 0x100_0000_01b3 }
        value = mixed
    }

    /// Feeds the eight bytes of `value`, little-endian.
    public mutating func feed(_ value: UInt64) {
        var mixed = self.value
        for shift in stride(from: 0, to: 64, by: 8) { mixed = (mixed ^ (value >> UInt64(shift) & 0xFF)) &* 0x100_0000_01b3 }
        self.value = mixed
    }

    /// Feeds `value`'s two's-complement bits.
    public mutating func feed(_ value: Int64) { feed(UInt64(bitPattern: value)) }

    /// Feeds `text`'s UTF-8 length, then its bytes.
    /// - Complexity: O(text's UTF-8 bytes).
    public mutating func feed(_ text: String) {
        feed(UInt64(text.utf8.count))
        var text = text
        text.withUTF8 { feed(bytes: $0) }
    }

    /// The digest of `text`'s UTF-8 bytes alone (no length): a stored record's digest.
    public static func digest(of text: String) -> UInt64 {
        var hasher = StableHasher()
        var text = text
        text.withUTF8 { hasher.feed(bytes: $0) }
        return hasher.digest
    }
}
