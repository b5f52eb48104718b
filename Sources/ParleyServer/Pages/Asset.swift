/// A file served at a fixed path: its bytes, media type and entity tag.
struct Asset: Sendable {
    let bytes: [UInt8]
    let contentType: String
    /// A strong entity tag (RFC 9110 § 8.8.3): the quoted 64-bit FNV-1a hash of the bytes.
    let etag: String

    init(bytes: [UInt8], contentType: String) {
        self.bytes = bytes
        self.contentType = contentType
        self.etag = "\"" + Self.fnv1a(bytes).hexadecimal + "\""
    }

    /// `200` with the bytes and `ETag`, or `304 Not Modified` when `ifNoneMatch` lists the tag
    /// (or is `*`), per RFC 9110 § 13.1.2 (weak comparison).
    func reply(ifNoneMatch: String?) -> Reply {
        if let ifNoneMatch, Self.matches(ifNoneMatch, etag) {
            return Reply(
                status: 304, headers: [Reply.Header(name: "ETag", value: etag), Reply.Header(name: "Cache-Control", value: "no-cache")])
        }
        var reply = Reply.content(bytes, type: contentType)
        reply.headers.append(Reply.Header(name: "ETag", value: etag))
        return reply
    }

    /// The media type for a file name's extension; `application/octet-stream` when unknown.
    static func contentType(forName name: String) -> String {
        let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch ext {
        case "css": return "text/css; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "html": return "text/html; charset=utf-8"
        case "json", "map": return "application/json"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "webp": return "image/webp"
        case "ico": return "image/x-icon"
        case "woff2": return "font/woff2"
        case "txt": return "text/plain; charset=utf-8"
        default: return "application/octet-stream"
        }
    }

    static func matches(_ header: String, _ etag: String) -> Bool {
        let opaque = etag.hasPrefix("W/") ? String(etag.dropFirst(2)) : etag
        return header.split(separator: ",").contains { candidate in
            let tag = String(candidate).trimmingSpaces
            return tag == "*" || tag == opaque || tag == "W/" + opaque
        }
    }

    /// FNV-1a, 64 bits (Fowler, Noll, Vo): fast, stable across runs.
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}

extension UInt64 {
    /// 16 lowercase hex digits.
    var hexadecimal: String {
        let digits = String(self, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
