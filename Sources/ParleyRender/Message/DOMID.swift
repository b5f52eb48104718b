import ParleyHTML

/// DOM ids of the archive's elements: stable, derived from the message id or the day.
public enum DOMID {
    /// `m-` then the id; characters outside `[A-Za-z0-9_-]` are written as `.XX` (hex of each UTF-8 byte).
    public static func message(_ id: String) -> String { "m-" + encode(id) }

    /// `d-YYYY-MM-DD`.
    public static func day(_ isoDate: String) -> String { "d-" + isoDate }

    static func encode(_ text: String) -> String {
        var utf8 = text
        return utf8.withUTF8 { bytes in
            guard !bytes.allSatisfy(isKept) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count * 3) { encoded in
                var written = 0
                for byte in bytes {
                    if isKept(byte) {
                        encoded[written] = byte
                        written += 1
                    } else {
                        encoded[written] = UInt8(ascii: ".")
                        encoded[written + 1] = hexDigit(byte >> 4)
                        encoded[written + 2] = hexDigit(byte & 0xF)
                        written += 3
                    }
                }
                return written
            }
        } ?? text
    }

    /// The upper-case hex digit of `nibble` (0–15).
    private static func hexDigit(_ nibble: UInt8) -> UInt8 { nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10 }

    /// `[A-Za-z0-9_-]`: written as is.
    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x5F: return true
        default: return false
        }
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
