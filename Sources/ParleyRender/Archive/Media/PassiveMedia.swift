/// The allowlist of passive media: file types a browser shows without running anything, decided
/// by both a file's extension and its first bytes (its magic number), so a `.png` whose bytes are
/// HTML is not passive. Media that is not passive is never shown inline; `--media copy` stores it
/// as `media/<sha256>.bin` and pages link it with `download`, so opening it from a hosted archive
/// cannot run script on the archive's origin.
///
/// Passive: PNG, JPEG, GIF, WebP, AVIF, BMP, ICO images; MP3, Ogg (`ogg`, `oga`, `opus`), WAV,
/// FLAC, AAC, M4A audio; MP4, M4V, MOV, WebM, Ogg video; PDF; and plain text (`txt`) that does not
/// start with `<` and holds no NUL byte. Not passive: everything else, SVG, HTML, XHTML, XML and
/// JavaScript included.
enum PassiveMedia {
    /// How many leading bytes ``isPassive(extension:prefix:)`` looks at.
    static let prefixLength = 512

    /// Whether a file with extension `ext` (lowercased, with its dot: `.png`; empty for none)
    /// starting with `prefix` (its first ``prefixLength`` bytes, or all when shorter) is passive.
    /// - Complexity: O(``prefixLength``).
    static func isPassive(extension ext: String, prefix: [UInt8]) -> Bool {
        let at = { (offset: Int, text: String) in
            prefix.count >= offset + text.utf8.count && prefix[offset..<offset + text.utf8.count].elementsEqual(text.utf8)
        }
        let starts = { (bytes: [UInt8]) in prefix.starts(with: bytes) }
        let isoMedia = at(4, "ftyp")
        switch ext {
        case ".png": return starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        case ".jpg", ".jpeg": return starts([0xFF, 0xD8, 0xFF])
        case ".gif": return at(0, "GIF87a") || at(0, "GIF89a")
        case ".webp": return at(0, "RIFF") && at(8, "WEBP")
        case ".avif": return isoMedia && (at(8, "avif") || at(8, "avis"))
        case ".bmp": return at(0, "BM")
        case ".ico": return starts([0x00, 0x00, 0x01, 0x00])
        case ".mp3": return at(0, "ID3") || (prefix.count >= 2 && prefix[0] == 0xFF && prefix[1] & 0xE0 == 0xE0)
        case ".ogg", ".oga", ".opus", ".ogv": return at(0, "OggS")
        case ".wav": return at(0, "RIFF") && at(8, "WAVE")
        case ".flac": return at(0, "fLaC")
        case ".aac": return at(0, "ADIF") || (prefix.count >= 2 && prefix[0] == 0xFF && prefix[1] & 0xF6 == 0xF0)
        case ".m4a", ".mp4", ".m4v": return isoMedia
        case ".mov": return isoMedia || at(4, "moov") || at(4, "mdat") || at(4, "wide") || at(4, "free")
        case ".webm": return starts([0x1A, 0x45, 0xDF, 0xA3])
        case ".pdf": return at(0, "%PDF-")
        case ".txt":
            let text = prefix.starts(with: [0xEF, 0xBB, 0xBF]) ? prefix.dropFirst(3) : prefix[...]
            let first = text.first { ![0x09, 0x0A, 0x0D, 0x20].contains($0) }
            return !text.contains(0) && first != UInt8(ascii: "<")
        default: return false
        }
    }

    /// The extension ``isPassive(extension:prefix:)`` knows for media type `contentType`
    /// (`image/jpeg` → `.jpg`; case and parameters ignored), or empty for a type that is not
    /// passive media (`video/3gpp`, `text/x-vcard`).
    static func fileExtension(contentType: String) -> String {
        let type = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return extensions[type] ?? ""
    }

    /// The extension of the passive type whose magic number `prefix` starts with — PNG, JPEG,
    /// GIF, WebP, PDF, Ogg, FLAC, WAV or WebM — or nil. For media whose declared type is wrong (an
    /// MMS part declared `image/jpeg` that is a PNG): the bytes decide, as a browser's sniffing would.
    static func sniffedExtension(prefix: [UInt8]) -> String? {
        [".png", ".jpg", ".gif", ".webp", ".pdf", ".ogg", ".flac", ".wav", ".webm"].first { isPassive(extension: $0, prefix: prefix) }
    }

    /// Passive media types (and common aliases) and their extensions.
    private static let extensions: [String: String] = [
        "image/png": ".png", "image/jpeg": ".jpg", "image/jpg": ".jpg", "image/pjpeg": ".jpg", "image/gif": ".gif",
        "image/webp": ".webp", "image/avif": ".avif", "image/bmp": ".bmp", "image/x-ms-bmp": ".bmp", "image/x-icon": ".ico",
        "image/vnd.microsoft.icon": ".ico", "audio/mpeg": ".mp3", "audio/mp3": ".mp3", "audio/ogg": ".ogg", "audio/opus": ".opus",
        "audio/wav": ".wav", "audio/x-wav": ".wav", "audio/wave": ".wav", "audio/flac": ".flac", "audio/aac": ".aac",
        "audio/mp4": ".m4a", "audio/x-m4a": ".m4a", "video/mp4": ".mp4", "video/quicktime": ".mov", "video/webm": ".webm",
        "video/ogg": ".ogv", "application/pdf": ".pdf", "text/plain": ".txt",
    ]

    /// A file name for a `download` attribute: the last path component of `name` with control
    /// characters and ``/\:*?"<>|`` replaced by `_`, leading and trailing dots and spaces removed,
    /// at most 120 characters; `attachment` when nothing is left.
    static func downloadName(_ name: String) -> String {
        let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        var result = ""
        for scalar in last.unicodeScalars {
            let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            result.unicodeScalars.append(isControl || #"/\:*?"<>|"#.unicodeScalars.contains(scalar) ? "_" : scalar)
        }
        var trimmed = Substring(result)
        while trimmed.first == "." || trimmed.first == " " { trimmed.removeFirst() }
        while trimmed.last == "." || trimmed.last == " " { trimmed.removeLast() }
        return trimmed.isEmpty ? "attachment" : String(trimmed.prefix(120))
    }
}
