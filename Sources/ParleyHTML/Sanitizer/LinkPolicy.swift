/// Which link targets written in message markup may become `href`s and `src`s: absolute `http`,
/// `https` and `mailto` URLs only, written as valid URLs. Relative references are left to media
/// paths Parley writes itself.
///
/// An `http(s)` URL needs a host of letters, digits, `-`, `.`, `_` and `~` (any script), with an
/// optional user and port; anything else (`https://a|b`, `https://[…]`, `http:host`) is refused.
/// Characters a URL may not hold (space, `"`, `<`, `>`, `` ` ``, `{`, `}`, `|`, `\`, `^`, `[`, `]`,
/// non-ASCII, a `%` not followed by two hex digits) are percent-encoded as UTF-8, as browsers
/// would when following the link, so pages stay valid HTML (RFC 3986, WHATWG URL).
public enum LinkPolicy {
    /// The URL to write for a link found in input, or nil when it must stay text.
    /// - Complexity: O(n) in the URL's length.
    public static func absolute(_ url: String) -> String? {
        var copy = url
        switch copy.withUTF8(writtenHTTPVerdict) {
        case true?: return url
        case false?: return nil
        case nil: return cleanedAbsolute(url)
        }
    }

    /// ``absolute(_:)`` of any text: cleaned (``URLPolicy/sanitize(_:)``), its scheme and host
    /// checked, then percent-encoded.
    /// - Complexity: O(n) in the URL's length.
    static func cleanedAbsolute(_ url: String) -> String? {
        guard let cleaned = URLPolicy.sanitize(url), let scheme = URLPolicy.scheme(of: cleaned) else { return nil }
        if scheme == "http" || scheme == "https" {
            let rest = cleaned.dropFirst(scheme.count + 1)
            guard rest.hasPrefix("//"), hasValidHost(rest.dropFirst(2)) else { return nil }
        }
        return encoded(cleaned)
    }

    /// Whether `url` is an absolute `http` or `https` URL (a remote resource). One that starts
    /// with `http:` or `https:` as written (nearly every remote reference) is answered from its
    /// first bytes: cleaning only drops tabs and line feeds after them, so its scheme stays.
    public static func isRemote(_ url: String) -> Bool {
        var url = url
        if url.withUTF8(startsWithHTTPScheme) { return true }
        guard let cleaned = URLPolicy.sanitize(url), let scheme = URLPolicy.scheme(of: cleaned) else { return false }
        return scheme == "http" || scheme == "https"
    }

    /// Whether `bytes` begin with `http:` or `https:` (lowercase, as written), read byte by byte:
    /// the generic `starts(with:)` took about 480 instructions for the two prefixes.
    static func startsWithHTTPScheme(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 5, bytes[0] == UInt8(ascii: "h"), bytes[1] == UInt8(ascii: "t"), bytes[2] == UInt8(ascii: "t"),
            bytes[3] == UInt8(ascii: "p")
        else { return false }
        return bytes[4] == UInt8(ascii: ":") || (bytes.count >= 6 && bytes[4] == UInt8(ascii: "s") && bytes[5] == UInt8(ascii: ":"))
    }

    /// ``absolute(_:)`` of a URL read as bytes, when it starts with `http://` or `https://` as
    /// written and every byte may stand in a URL as it is (nearly every link): true when its host
    /// is valid (the URL is written as it is), false when not (it stays text). Nil for any other
    /// URL: ``cleanedAbsolute(_:)`` decides. Such a URL needs no cleaning (it starts with `h` and
    /// holds no tab, line feed or space) and no encoding, and its scheme is the one written, so
    /// the answer is the full check's without its copies (about 9,000 instructions a link before).
    /// - Complexity: O(n) in the URL's length.
    static func writtenHTTPVerdict(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard startsWithHTTPScheme(bytes) else { return nil }
        let authority = bytes[4] == UInt8(ascii: ":") ? 7 : 8
        guard bytes.count >= authority, bytes[authority - 2] == UInt8(ascii: "/"), bytes[authority - 1] == UInt8(ascii: "/") else {
            return nil
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if !isAllowed(byte) {
                guard byte == UInt8(ascii: "%"), index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else {
                    return nil
                }
            }
            index += 1
        }
        return asciiHostVerdict(UnsafeBufferPointer(rebasing: bytes[authority...]))
    }

    /// Whether the authority at the start of `text` has a valid host (and user and port).
    /// - Complexity: O(n) in the text's length; an ASCII text (nearly every URL) is read as bytes.
    static func hasValidHost(_ text: Substring) -> Bool {
        if let verdict = text.utf8.withContiguousStorageIfAvailable(asciiHostVerdict), let verdict { return verdict }
        return hasValidHost(characters: text)
    }

    /// ``hasValidHost(_:)`` of an ASCII text, read byte by byte (where every character is one
    /// byte, so the same answer as ``hasValidHost(characters:)``); nil when a byte is not ASCII.
    static func asciiHostVerdict(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        let end =
            bytes.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "\\") }
            ?? bytes.count
        var start = 0
        if let at = bytes[..<end].lastIndex(of: UInt8(ascii: "@")) { start = at + 1 }
        var hostEnd = end
        if let colon = bytes[start..<end].lastIndex(of: UInt8(ascii: ":")) {
            guard bytes[(colon + 1)..<end].allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
            hostEnd = colon
        }
        return start < hostEnd && bytes[start..<hostEnd].allSatisfy(isHostByte)
    }

    /// ``hasValidHost(_:)`` read character by character: any text.
    static func hasValidHost(characters text: Substring) -> Bool {
        var authority = text.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != "\\" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if let colon = authority.lastIndex(of: ":") {
            let port = authority[authority.index(after: colon)...]
            guard port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
            authority = authority[..<colon]
        }
        return !authority.isEmpty
            && authority.unicodeScalars.allSatisfy { scalar in
                guard scalar.isASCII else { return !scalar.properties.isWhitespace && scalar.properties.generalCategory != .control }
                return isHostByte(UInt8(scalar.value))
            }
    }

    /// Whether an ASCII byte may stand in a host: a letter, a digit, `-`, `.`, `_` or `~`.
    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E: return true
        default: return false
        }
    }

    /// The URL with every byte that may not stand in a URL percent-encoded.
    /// - Complexity: O(n) in the URL's UTF-8 length; no copy when nothing needs encoding.
    static func encoded(_ url: String) -> String {
        var copy = url
        return copy.withUTF8 { bytes in
            func keeps(_ index: Int) -> Bool {
                let byte = bytes[index]
                return isAllowed(byte)
                    || (byte == UInt8(ascii: "%") && index + 2 < bytes.count && isHex(bytes[index + 1]) && isHex(bytes[index + 2]))
            }
            guard let first = bytes.indices.first(where: { !keeps($0) }) else { return url }
            let digits: StaticString = "0123456789ABCDEF"
            var result: [UInt8] = Array(bytes[..<first])
            result.reserveCapacity(bytes.count + 16)
            for index in first..<bytes.count {
                if keeps(index) {
                    result.append(bytes[index])
                } else {
                    let byte = bytes[index]
                    result.append(UInt8(ascii: "%"))
                    result.append(digits.utf8Start[Int(byte >> 4)])
                    result.append(digits.utf8Start[Int(byte & 0x0F)])
                }
            }
            return String(decoding: result, as: UTF8.self)
        }
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        // Letters, digits and `-._~:/?#@!$&'()*+,;=`.
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x21, 0x23, 0x24, 0x26...0x2F, 0x3A, 0x3B, 0x3D, 0x3F, 0x40, 0x5F, 0x7E: return true
        default: return false
        }
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
}
