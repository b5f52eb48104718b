/// The postings strings of the search index (`docs/SEARCH-INDEX.md`): ascending document numbers
/// written as gaps, each gap in base 32, most significant digit first, every digit but the last
/// from ``continuation`` and the last from ``final`` — characters that JSON and JavaScript
/// strings hold without escaping. A gap of 0 repeats the previous document (the term once more).
public enum SearchPostings {
    /// The digits that are not a number's last: `0`–`9`, `a`–`v`.
    public static let continuation = Array("0123456789abcdefghijklmnopqrstuv".utf8)
    /// A number's last digit: `A`–`Z`, `!#$%&*`.
    public static let final = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ!#$%&*".utf8)

    /// Appends the postings of `documents` (ascending, repeats adjacent) to `bytes`, the first gap
    /// taken from `previous` (the document before the list: −1 for a whole list).
    /// - Complexity: O(documents).
    public static func append(_ documents: some Sequence<UInt32>, after previous: Int64, to bytes: inout [UInt8]) {
        var last = previous
        for document in documents {
            appendNumber(UInt64(Int64(document) - last), to: &bytes)
            last = Int64(document)
        }
    }

    /// Appends `value` in the postings digits (base 32, the last digit from ``final``).
    /// - Complexity: O(digits), each appended in place (most significant first).
    public static func appendNumber(_ value: UInt64, to bytes: inout [UInt8]) {
        // The shift of the most significant digit (a shift of 64 or more leaves 0).
        var shift = 0
        while value >> (shift + 5) != 0 { shift += 5 }
        while shift > 0 {
            bytes.append(continuation[Int(value >> shift & 31)])
            shift -= 5
        }
        bytes.append(final[Int(value & 31)])
    }

    /// A channel's days (`docs/SEARCH-INDEX.md`): pairs of a day (days since 1970-01-01) and the
    /// position of its first message, both ascending, written as numbers — the first day
    /// zigzag-encoded (2d, or −2d − 1 before 1970), each later day as the gap from the one
    /// before, each position as the gap from the one before (the first from 0).
    /// - Complexity: O(days).
    public static func days(_ days: [(day: Int64, position: Int)]) -> String {
        var bytes: [UInt8] = []
        var previous: (day: Int64, position: Int)?
        for (day, position) in days {
            if let previous {
                appendNumber(UInt64(day - previous.day), to: &bytes)
                appendNumber(UInt64(position - previous.position), to: &bytes)
            } else {
                appendNumber(day >= 0 ? UInt64(day) << 1 : (UInt64(-(day + 1)) << 1) | 1, to: &bytes)
                appendNumber(UInt64(position), to: &bytes)
            }
            previous = (day, position)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Each byte's digit: 0–31 for a ``continuation`` digit, 32–63 for a ``final`` one (32 plus
    /// its value), 255 for a byte that is not a digit.
    private static let digits: [UInt8] = {
        var table = [UInt8](repeating: 255, count: 256)
        for (value, byte) in continuation.enumerated() { table[Int(byte)] = UInt8(value) }
        for (value, byte) in final.enumerated() { table[Int(byte)] = UInt8(32 + value) }
        return table
    }()

    /// The documents a postings string holds (repeats kept), or nil when it is not one.
    /// - Complexity: O(string's length).
    public static func documents(_ postings: String, after previous: Int64) -> [UInt32]? {
        var documents: [UInt32] = []
        var last = previous
        var value: UInt64 = 0
        var open = false
        for byte in postings.utf8 {
            let digit = digits[Int(byte)]
            guard digit != 255, value >> 58 == 0 else { return nil }
            value = value << 5 | UInt64(digit & 31)
            if digit < 32 {
                open = true
                continue
            }
            guard value <= 1 << 32 else { return nil }
            last += Int64(value)
            guard let document = UInt32(exactly: last) else { return nil }
            documents.append(document)
            value = 0
            open = false
        }
        return open ? nil : documents
    }
}
