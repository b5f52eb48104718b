/// One segment of a URL path, percent-encoded: how channel pages are linked (`/c/{id}`) and how a
/// request's path is written back into a redirect.
public enum PathSegment {
    /// `text` with every byte outside `A-Z a-z 0-9 - . _ ~` (RFC 3986 unreserved) written as `%XX`.
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    public static func encoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E: result.unicodeScalars.append(Unicode.Scalar(byte))
            default: result += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return result
    }
}
