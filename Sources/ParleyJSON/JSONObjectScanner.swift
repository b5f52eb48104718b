import Glibc

/// Finds where a JSON object ends in bytes that begin with its `{`, and the string value of one
/// of its top-level members, without parsing it: only strings and brackets are followed.
///
/// The bytes are not validated (the parser that reads them does that): for valid JSON the end
/// found is the object's end. A quote ends a string unless an odd number of backslashes precede
/// it (RFC 8259 §7: a backslash always begins an escape), so strings are skipped with `memchr`.
enum JSONObjectScanner {
    /// An object found whole in the bytes.
    struct Span: Equatable {
        /// Its length in bytes, from `{` to `}` inclusive.
        var length: Int
        /// The bytes between the quotes of the member's string value, when the object has that
        /// member at its top level exactly once, as a string without escapes; nil otherwise.
        var member: Range<Int>?
    }

    private static let quote = Int32(UInt8(ascii: "\""))

    /// The object that begins at `bytes[0]` (a `{`), and its top-level member named `member`.
    /// - Returns: nil when the bytes end before the object does.
    /// - Complexity: O(length of the object).
    static func span(of bytes: UnsafeRawBufferPointer, member: [UInt8]) -> Span? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 1 else { return nil }
        let count = bytes.count
        var depth = 1
        var index = 1
        /// At the top level: whether the next string is a key, and whether the last key was `member`.
        var expectingKey = true
        var atMember = false
        var found: Range<Int>?
        var occurrences = 0
        while index < count {
            switch base[index] {
            case UInt8(ascii: "\""):
                guard let end = stringEnd(base, from: index + 1, count: count) else { return nil }
                if depth == 1 {
                    if expectingKey {
                        atMember = end - index - 1 == member.count && memcmp(base + index + 1, member, member.count) == 0
                        if atMember { occurrences += 1 }
                        expectingKey = false
                    } else if atMember {
                        let value = index + 1..<end
                        found = memchr(base + value.lowerBound, 0x5C, value.count) == nil ? value : nil
                        atMember = false
                    }
                }
                index = end
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 1 { atMember = false }
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return Span(length: index + 1, member: occurrences == 1 ? found : nil) }
            case UInt8(ascii: ","):
                if depth == 1 {
                    expectingKey = true
                    atMember = false
                }
            case UInt8(ascii: " "):
                index = spaceRunEnd(base, from: index + 1, count: count)
                continue
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The index of the first byte from `start` on that is not a space, or `count`: a
    /// pretty-printed record's indentation, passed over eight bytes at a time.
    static func spaceRunEnd(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int {
        var index = start
        while count - index >= 8 {
            let nonSpaces = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) ^ 0x2020_2020_2020_2020
            if nonSpaces != 0 { return index + nonSpaces.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < count, base[index] == UInt8(ascii: " ") { index += 1 }
        return index
    }

    /// The index of the quote that ends the string whose text begins at `start`, or nil when the
    /// bytes end first.
    private static func stringEnd(_ base: UnsafePointer<UInt8>, from start: Int, count: Int) -> Int? {
        var from = start
        while from < count, let found = memchr(base + from, quote, count - from) {
            let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            var backslashes = 0
            while end - backslashes - 1 >= start, base[end - backslashes - 1] == 0x5C { backslashes += 1 }
            if backslashes.isMultiple(of: 2) { return end }
            from = end + 1
        }
        return nil
    }
}
