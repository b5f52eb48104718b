/// Checks base64 text (RFC 4648 §4, whitespace allowed) without decoding it.
enum Base64Check {
    struct Invalid: Error {
        /// The offset of the first byte that is not base64.
        var offset: Int
    }

    /// The decoded size in bytes, or where the text stops being base64.
    /// - Complexity: O(n), no allocation.
    static func decodedSize(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<Int64, Invalid> {
        var symbols = 0, padding = 0
        for (offset, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "+"), UInt8(ascii: "/"):
                guard padding == 0 else { return .failure(Invalid(offset: offset)) }
                symbols += 1
            case UInt8(ascii: "="):
                padding += 1
                guard padding <= 2 else { return .failure(Invalid(offset: offset)) }
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            default:
                return .failure(Invalid(offset: offset))
            }
        }
        guard (symbols + padding) % 4 == 0 || padding == 0, symbols % 4 != 1 else { return .failure(Invalid(offset: bytes.count)) }
        return .success(Int64(symbols * 3 / 4))
    }
}
