import Foundation

/// A reference to bytes by their SHA-256 digest, written as an RFC 6920 ("Naming Things with
/// Hashes") URI with no authority: `ni:///sha-256;<digest>?ct=<media type>` — the 32-byte digest
/// in base64url without padding (RFC 4648 §5), the optional `ct` query parameter the bytes' media
/// type (RFC 6920 §3.1), percent-encoded.
///
/// Parley names the MMS parts an archive's store keeps this way (`docs/ARCHIVE-STORE.md`): the
/// URI is the attachment's `url` in the message record, and the store's `media/` folder holds the
/// bytes under ``hex``.
package struct ContentURI: Hashable, Sendable, CustomStringConvertible {
    /// The SHA-256 digest of the bytes: 32 bytes.
    package let digest: [UInt8]
    /// The media type of the bytes (`image/jpeg`), when known.
    package let contentType: String?

    /// A reference to the bytes whose SHA-256 digest is `digest`; nil unless it has 32 bytes.
    package init?(digest: [UInt8], contentType: String? = nil) {
        guard digest.count == 32 else { return nil }
        self.digest = digest
        self.contentType = contentType.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The reference `text` writes: `ni:///sha-256;` (scheme and algorithm in any case), 43
    /// base64url characters, then optionally `?ct=TYPE`. Nil for anything else, including another
    /// algorithm, an authority, or a digest of another length.
    package init?(_ text: String) {
        let prefix = "ni:///sha-256;"
        guard text.count > prefix.count, text.prefix(prefix.count).lowercased() == prefix else { return nil }
        let rest = text.dropFirst(prefix.count)
        let encoded = rest.prefix { $0 != "?" }
        var query = rest.dropFirst(encoded.count)
        guard encoded.count == 43, let digest = Self.decode(encoded) else { return nil }
        var contentType: String?
        if !query.isEmpty {
            query = query.dropFirst()
            guard query.hasPrefix("ct="), let decoded = query.dropFirst(3).removingPercentEncoding else { return nil }
            contentType = decoded
        }
        self.init(digest: digest, contentType: contentType)
    }

    /// The URI: `ni:///sha-256;…` with `?ct=…` when the media type is known.
    package var description: String {
        let encoded = Data(digest).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        guard let contentType else { return "ni:///sha-256;" + encoded }
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/+")
        return "ni:///sha-256;\(encoded)?ct=\(contentType.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
    }

    /// The digest as 64 lowercase hex digits: the file name the bytes are kept under.
    package var hex: String { SHA256.hex(digest: digest) }

    /// The bytes of unpadded base64url `text`; nil when it is not base64url.
    private static func decode(_ text: Substring) -> [UInt8]? {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: standard).map { Array($0) }
    }
}
