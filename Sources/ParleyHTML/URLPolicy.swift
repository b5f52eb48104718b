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
    /// - Complexity: O(n) in the URL's length.
    public static func sanitize(_ url: String) -> String? {
        let cleaned = String(
            String.UnicodeScalarView(
                url.unicodeScalars.drop(while: { $0.value <= 0x20 }).filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }))
        if cleaned.isEmpty { return nil }
        guard let scheme = scheme(of: cleaned) else { return cleaned.hasPrefix("//") ? nil : cleaned }
        return allowedSchemes.contains(scheme) ? cleaned : nil
    }

    /// The scheme, lowercased: the characters before the first `:` when no `/`, `?`, `#` or
    /// backslash comes earlier and the first character is a letter.
    static func scheme(of url: String) -> String? {
        var scheme = ""
        for scalar in url.unicodeScalars {
            if scalar == ":" { return scheme.isEmpty ? nil : scheme.lowercased() }
            if scalar == "/" || scalar == "?" || scalar == "#" || scalar == "\\" { return nil }
            scheme.unicodeScalars.append(scalar)
        }
        return nil
    }
}
