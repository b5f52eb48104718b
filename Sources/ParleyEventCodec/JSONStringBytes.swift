/// The bytes a JSON string cannot hold as they are — `"`, `\` and the control characters below
/// U+0020 — found eight at a time: ``JSONOutput`` escapes them, ``JSONScanner`` stops at them.
enum JSONStringBytes {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// The high bit of each byte of `word` (little-endian) that is `"`, `\` or below 0x20, and
    /// maybe of bytes after the first such one: the lowest bit set marks the first exactly.
    /// - Complexity: O(1), a few integer operations (Mycroft's zero-byte test, per byte value).
    private static func specialBits(_ word: UInt64) -> UInt64 {
        let control = (word &- ones &* 0x20) & ~word & highBits
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let quotes = (quote &- ones) & ~quote & highBits
        let backslashes = (backslash &- ones) & ~backslash & highBits
        return control | quotes | backslashes
    }

    /// The length of the string of at most 15 ASCII bytes that need no escaping from `start` in
    /// `bytes` to a `"` (not counted), with its bytes packed into two words, little-endian and
    /// zero-padded; nil for any other string, or when fewer than 16 bytes are left to read.
    /// - Complexity: O(1): two words are read.
    static func shortASCII(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (count: Int, packed: (UInt64, UInt64))? {
        guard bytes.count - start >= 16, let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base + start)
        let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        let lowSpecial = specialBits(low)
        let highSpecial = specialBits(high)
        let count = lowSpecial != 0 ? lowSpecial.trailingZeroBitCount / 8 : highSpecial != 0 ? 8 + highSpecial.trailingZeroBitCount / 8 : 16
        guard count < 16, base[start + count] == 0x22 else { return nil }
        let packed = count < 8 ? (low & ((1 << (8 * count)) &- 1), 0) : (low, high & ((1 << (8 * (count - 8))) &- 1))
        guard (packed.0 | packed.1) & highBits == 0 else { return nil }
        return (count, packed)
    }

    /// The number of bytes from `start` in `bytes` before the first one that needs escaping, or
    /// the end; whether any byte passed over is not ASCII is or-ed into `nonASCII`.
    /// - Complexity: O(n) in the bytes passed over, eight at a time.
    static func plainRun(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, nonASCII: inout Bool) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var position = start
        while bytes.count - position >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            let special = specialBits(word)
            if special != 0 {
                let plain = special.trailingZeroBitCount / 8
                nonASCII = nonASCII || word & highBits & ((1 << (8 * plain)) &- 1) != 0
                return position + plain - start
            }
            nonASCII = nonASCII || word & highBits != 0
            position += 8
        }
        while position < bytes.count {
            let byte = bytes[position]
            if byte < 0x20 || byte == 0x22 || byte == 0x5C { break }
            nonASCII = nonASCII || byte >= 0x80
            position += 1
        }
        return position - start
    }
}
