import ParleyHTML

/// DOM ids of the archive's elements: stable, derived from the message id or the day.
public enum DOMID {
    /// `m-` then the id; characters outside `[A-Za-z0-9_-]` are written as `.XX` (hex of each UTF-8 byte).
    public static func message(_ id: String) -> String { "m-" + encode(id) }

    /// `d-YYYY-MM-DD`.
    public static func day(_ isoDate: String) -> String { "d-" + isoDate }

    static func encode(_ text: String) -> String {
        if text.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(isKept) }) ?? text.utf8.allSatisfy(isKept) { return text }
        var result = ""
        for byte in text.utf8 {
            if isKept(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "." + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }

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
