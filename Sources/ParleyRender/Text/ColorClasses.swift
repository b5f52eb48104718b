/// Author and embed colours as CSS classes, so pages need no inline `style` attribute (which a
/// Content-Security-Policy forbids).
///
/// A colour `#1E2327` becomes the class `color-1e2327` (text and avatar) or
/// `embed-color-1e2327` (an embed's colour bar), declared in the archive's `colors.css`.
/// Anything that is not `#RGB` or `#RRGGBB` hex gets no class.
public enum ColorClasses {
    /// The class for an author's colour, or nil when the value is not a valid hex colour.
    public static func className(for color: String?) -> String? {
        normalized(color).map { "color-\($0)" }
    }

    /// The class for an embed's colour bar, or nil when the value is not a valid hex colour.
    public static func embedClassName(for color: String?) -> String? {
        normalized(color).map { "embed-color-\($0)" }
    }

    /// Six lowercase hex digits, or nil.
    public static func normalized(_ color: String?) -> String? {
        guard let color, color.hasPrefix("#") else { return nil }
        let digits = color.dropFirst().lowercased()
        guard digits.allSatisfy({ $0.isHexDigit }), digits.count == 3 || digits.count == 6 else { return nil }
        return digits.count == 6 ? digits : digits.map { "\($0)\($0)" }.joined()
    }

    /// One of eight palette classes (`hue-0` … `hue-7`) picked by a stable hash (FNV-1a) of an
    /// author id, for avatars of authors with no colour of their own.
    public static func paletteClass(for authorID: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in authorID.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return "hue-\(hash % 8)"
    }

    /// The stylesheet declaring a class for each colour: name colour and avatar background.
    /// - Parameter colors: colours as found in the input; invalid ones are skipped.
    /// - Returns: CSS text, one rule per distinct colour, sorted, so output is deterministic.
    public static func stylesheet(for colors: some Sequence<String>) -> String {
        let hexes = Set(colors.compactMap { normalized($0) }).sorted()
        return hexes.map { hex in
            ".color-\(hex){color:#\(hex)}\n.avatar.color-\(hex){background:#\(hex);color:#fff}\n.embed-color-\(hex){border-left-color:#\(hex)}\n"
        }.joined()
    }
}
