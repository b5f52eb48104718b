/// Which URLs may appear in `href` and `src` attributes.
///
/// Allowed: `http:`, `https:`, `mailto:` and relative references (paths, `#fragments`).
/// Everything else — `javascript:`, `data:`, `vbscript:`, `file:` — is refused. Scheme
/// detection follows the WHATWG URL parser: ASCII tab and newlines are removed and leading
/// C0 controls and spaces trimmed before the scheme is read, as browsers do.
public enum URLPolicy {
    /// The allowed schemes, lowercase.
    public static let allowedSchemes: Set<String> = ["http", "https", "mailto"]

    /// The URL to write, or nil if it must not be written.
    /// - Complexity: O(n) in the URL's length; no allocation when the URL needs no cleaning.
    public static func sanitize(_ url: String) -> String? {
        let needsCleaning =
            url.utf8.first.map { $0 <= 0x20 } ?? true
            || url.utf8.withContiguousStorageIfAvailable { $0.contains(where: isDropped) } ?? url.utf8.contains(where: isDropped)
        let cleaned = needsCleaning ? clean(url) : url
        if cleaned.isEmpty { return nil }
        guard let scheme = scheme(of: cleaned) else { return cleaned.utf8.starts(with: "//".utf8) ? nil : cleaned }
        return allowedSchemes.contains(scheme) ? cleaned : nil
    }

    /// Whether `byte` is one that cleaning drops wherever it stands: a tab, a line feed or a
    /// carriage return.
    private static func isDropped(_ byte: UInt8) -> Bool { byte == 0x09 || byte == 0x0A || byte == 0x0D }

    private static func clean(_ url: String) -> String {
        String(
            String.UnicodeScalarView(
                url.unicodeScalars.drop(while: { $0.value <= 0x20 }).filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }))
    }

    /// The scheme, lowercased: the bytes before the first `:` when no `/`, `?`, `#` or backslash
    /// comes earlier.
    static func scheme(of url: String) -> String? {
        var length = 0
        for byte in url.utf8 {
            switch byte {
            case UInt8(ascii: ":"): return length == 0 ? nil : String(decoding: url.utf8.prefix(length), as: UTF8.self).lowercased()
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "\\"): return nil
            default: length += 1
            }
        }
        return nil
    }
}
