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
        var digits: [UInt8] = []
        for document in documents {
            var gap = UInt64(Int64(document) - last)
            last = Int64(document)
            digits.removeAll(keepingCapacity: true)
            digits.append(final[Int(gap & 31)])
            gap >>= 5
            while gap > 0 {
                digits.append(continuation[Int(gap & 31)])
                gap >>= 5
            }
            bytes.append(contentsOf: digits.reversed())
        }
    }

    /// The documents a postings string holds (repeats kept), or nil when it is not one.
    /// - Complexity: O(string's length).
    public static func documents(_ postings: String, after previous: Int64) -> [UInt32]? {
        var documents: [UInt32] = []
        var last = previous
        var value: UInt64 = 0
        var open = false
        for byte in postings.utf8 {
            if let digit = continuation.firstIndex(of: byte) {
                value = value << 5 | UInt64(digit)
                open = true
            } else if let digit = final.firstIndex(of: byte) {
                value = value << 5 | UInt64(digit)
                last += Int64(value)
                guard let document = UInt32(exactly: last) else { return nil }
                documents.append(document)
                value = 0
                open = false
            } else {
                return nil
            }
        }
        return open ? nil : documents
    }
}
