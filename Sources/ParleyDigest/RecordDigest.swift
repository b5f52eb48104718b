import CXXHash

/// XXH3-64 (Yann Collet's xxHash 0.8, Debian's `libxxhash-dev`) of an input record's bytes with a
/// seed: the archive store's source digest, which tells a record already stored from one that
/// changed without reading it. About 10 GB/s: a million exported messages cost tens of milliseconds.
///
/// Not a cryptographic digest: two different records share one with chance 2^-64, and an input
/// could be made to collide on purpose (it then changes nothing but which copy of its own message
/// the archive keeps). The seed stands for what the record's reading depends on besides its bytes.
package enum RecordDigest {
    /// The digest of `bytes` under `seed`; equal inputs give equal digests on every machine
    /// (XXH3 reads bytes little-endian whatever the CPU).
    /// - Complexity: O(n) in the bytes' length.
    package static func digest(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        XXH3_64bits_withSeed(bytes.baseAddress, bytes.count, seed)
    }

    /// The digest of `text`'s UTF-8 bytes under seed 0: a stored message record's digest, of
    /// which the archive's page digests are made.
    /// - Complexity: O(n) in the text's UTF-8 length.
    package static func digest(of text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { digest(UnsafeRawBufferPointer($0), seed: 0) }
    }
}
