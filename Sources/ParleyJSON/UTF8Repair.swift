/// The check behind reading invalid UTF-8 in a JSON string as U+FFFD: yajl is told to check no
/// string (one ill-formed byte stopped the whole document), so ``JSONTreeBuilder`` checks each
/// string and key yajl hands over, and reads one that is not well-formed as
/// `String(decoding:as:)` does — each maximal ill-formed subpart one U+FFFD.
enum UTF8Repair {
    /// Whether `bytes` are well-formed UTF-8 (the Unicode Standard's table 3-7: no overlong form,
    /// no surrogate, nothing above U+10FFFF, no sequence cut short). ASCII is passed over eight
    /// bytes at a time, so a check costs little beside yajl's own reading of the string.
    /// - Complexity: O(bytes).
    static func isWellFormed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let raw = bytes.baseAddress else { return true }
        let base = raw.assumingMemoryBound(to: UInt8.self)
        let count = bytes.count
        var index = 0
        while index < count {
            if count - index >= 8, raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
            } else if base[index] < 0x80 {
                index += 1
            } else {
                guard let length = JSONTape.utf8Length(base, at: index, count: count) else { return false }
                index += length
            }
        }
        return true
    }
}
