/// Checks base64 text (RFC 4648 §4, whitespace allowed) as it streams past, without decoding it.
struct Base64Check {
    struct Invalid: Error, Equatable {
        /// The offset of the first byte that is not base64.
        var offset: Int
    }

    private var symbols: Int64 = 0
    private var padding = 0
    private var offset = 0
    private var invalidAt: Int?

    /// Checks the next bytes of the text.
    /// - Complexity: O(n), no allocation.
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard invalidAt == nil else { return }
        for byte in bytes {
            defer { offset += 1 }
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "+"), UInt8(ascii: "/"):
                guard padding == 0 else { return invalidAt = offset }
                symbols += 1
            case UInt8(ascii: "="):
                padding += 1
                guard padding <= 2 else { return invalidAt = offset }
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            default:
                return invalidAt = offset
            }
        }
    }

    /// The decoded size in bytes of the text so far, or where it stops being base64 (its end when
    /// it is cut short).
    var decodedSize: Result<Int64, Invalid> {
        if let invalidAt { return .failure(Invalid(offset: invalidAt)) }
        guard (symbols + Int64(padding)) % 4 == 0 || padding == 0, symbols % 4 != 1 else { return .failure(Invalid(offset: offset)) }
        return .success(symbols * 3 / 4)
    }
}
