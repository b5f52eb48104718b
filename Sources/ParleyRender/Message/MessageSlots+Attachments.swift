import Foundation
import ParleyHTML
import ParleyModel

/// Attachments: images inline (with their size when known, lazily loaded, alt text from the
/// description or file name), video and audio players, other files as links with a size.
/// Media that cannot be reached (not resolved, `--media none`) is shown as a file link; a local
/// file that is not in the export (``MediaLinks/isMissing(_:)``) as a placeholder card; remote
/// media an archive does not load (``MediaLinks/isWithheld(_:)``) as a link naming its host.
extension MessageSlots {
    func attachment(_ attachment: Attachment) -> SafeHTML {
        var kind = MediaKind(attachment)
        if kind == .file, let copy = context.media.local[attachment.url] {
            // A record that names no type (a ChatGPT asset pointer): the copied file's extension says.
            kind = MediaKind(Attachment(id: "", url: "", fileName: copy))
        }
        if context.media.isMissing(attachment.url) { return missing(attachment, kind: kind) }
        if kind != .file, context.media.isWithheld(attachment.url) {
            let name = attachment.fileName.isEmpty ? String(MediaKind.lastComponent(attachment.url) ?? "attachment") : attachment.fileName
            return remote(attachment.url, kind: kind, name: name)
        }
        guard kind != .file, let source = context.media.source(attachment.url, rootPath: context.rootPath) else {
            return fileLink(attachment)
        }
        let name = attachment.fileName.isEmpty ? "attachment" : attachment.fileName
        let width = SlotValue.text(attachment.width.map(String.init) ?? "")
        let height = SlotValue.text(attachment.height.map(String.init) ?? "")
        switch kind {
        case .image:
            let alt = attachment.description.flatMap { $0.isEmpty ? nil : $0 } ?? name
            return templates[.attachmentImage].render([
                "width": width, "height": height, "href": .text(source), "src": .text(source), "alt": .text(alt),
                "spoiler": .text(name.hasPrefix("SPOILER_") ? "spoiler-media" : ""),
            ])
        case .video:
            return templates[.attachmentVideo].render(["width": width, "height": height, "src": .text(source), "name": .text(name)])
        case .audio, .file:
            return templates[.attachmentAudio].render([
                "href": .text(source), "src": .text(source), "name": .text(name),
                "size": .text(attachment.sizeBytes.map(ByteCount.text) ?? ""),
            ])
        }
    }

    /// The link to remote media `url` that the page does not load (`remote-media` template): its
    /// `name` and the host it is on, `photo.jpg cdn.discordapp.com`; nothing is fetched until the
    /// reader follows it.
    func remote(_ url: String, kind: MediaKind, name: String) -> SafeHTML {
        let href = LinkPolicy.absolute(url) ?? ""
        return templates[.remoteMedia].render([
            "kind": .text(kind.rawValue), "href": .text(href), "name": .text(name),
            "host": .text(URLComponents(string: href)?.host ?? ""),
        ])
    }

    /// The placeholder card of an attachment whose file is not in the export: its name (the last
    /// component of its path when it has none), then its type and size when the record gives them,
    /// `JPG image · 2.2 MiB`.
    func missing(_ attachment: Attachment, kind: MediaKind) -> SafeHTML {
        let name = attachment.fileName.isEmpty ? String(MediaKind.lastComponent(attachment.url) ?? "attachment") : attachment.fileName
        let details = [kind.typeText(attachment), attachment.sizeBytes.map(ByteCount.text)].compactMap { $0 }
        return templates[.attachmentMissing].render([
            "kind": .text(kind.rawValue), "name": .text(name), "details": .text(details.joined(separator: " · ")),
        ])
    }
}

/// How an attachment is shown, from its media type or else its file name's extension.
enum MediaKind: String, Equatable {
    case image, video, audio, file

    init(_ attachment: Attachment) {
        switch attachment.contentType?.lowercased().split(separator: "/").first {
        case "image": self = .image
        case "video": self = .video
        case "audio": self = .audio
        default:
            let name = (attachment.fileName.isEmpty ? attachment.url : attachment.fileName).lowercased()
            let ext = name.split(separator: ".").last.map(String.init) ?? ""
            if Self.imageExtensions.contains(ext) {
                self = .image
            } else if Self.videoExtensions.contains(ext) {
                self = .video
            } else {
                self = Self.audioExtensions.contains(ext) ? .audio : .file
            }
        }
    }

    /// The attachment's type for people, `JPG image`, `PDF file`: the format from its file name's
    /// extension (else its media subtype, `image/jpeg` → `JPEG`), then the kind; the kind alone
    /// when only a media type without a usable subtype is known; nil when neither is known.
    func typeText(_ attachment: Attachment) -> String? {
        let name = attachment.fileName.isEmpty ? attachment.url : attachment.fileName
        let subtype = attachment.contentType?.lowercased().split(separator: "/").dropFirst().first.map(String.init)
        let format = [Self.format(extension: name), subtype.flatMap { Self.format($0) }].compactMap { $0 }.first
        if let format { return "\(format.uppercased()) \(rawValue)" }
        return attachment.contentType.map { _ in rawValue }
    }

    /// The format a file name's extension or a media subtype names: 1–5 ASCII letters or digits
    /// after the last dot (the whole text for a subtype), else nil.
    private static func format(extension name: String) -> String? {
        let last = lastComponent(name) ?? ""
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return nil }
        return format(String(last[last.index(after: dot)...]))
    }

    /// The last component of a path with `/` or `\\` separators; nil when it has none.
    static func lastComponent(_ path: String) -> Substring? {
        path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last
    }

    private static func format(_ text: String) -> String? {
        (1...5).contains(text.count) && text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) ? text : nil
    }

    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "avif", "bmp", "svg"]
    static let videoExtensions: Set<String> = ["mp4", "webm", "mov", "m4v", "ogv"]
    static let audioExtensions: Set<String> = ["mp3", "ogg", "oga", "opus", "wav", "m4a", "flac", "aac"]
}

/// File sizes for people: `812 B`, `168.4 KiB`, `2.0 MiB` (binary units).
enum ByteCount {
    static func text(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        let units = ["KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
