import ParleyHTML
import ParleyModel

/// Attachments: images inline (with their size when known, lazily loaded, alt text from the
/// description or file name), video and audio players, other files as links with a size.
/// Media that cannot be reached (not resolved, `--media none`) is shown as a file link.
extension MessageSlots {
    func attachment(_ attachment: Attachment) -> SafeHTML {
        let kind = MediaKind(attachment)
        guard kind != .file, let source = context.media.source(attachment.url, rootPath: context.rootPath) else {
            return fileLink(attachment)
        }
        let name = attachment.fileName.isEmpty ? "attachment" : attachment.fileName
        let size: [String: SlotValue] = [
            "width": .text(attachment.width.map(String.init) ?? ""), "height": .text(attachment.height.map(String.init) ?? ""),
        ]
        switch kind {
        case .image:
            let alt = attachment.description.flatMap { $0.isEmpty ? nil : $0 } ?? name
            return templates[.attachmentImage].render(
                size.merging([
                    "href": .text(source), "src": .text(source), "alt": .text(alt),
                    "spoiler": .text(name.hasPrefix("SPOILER_") ? "spoiler-media" : ""),
                ]) { $1 })
        case .video:
            return templates[.attachmentVideo].render(size.merging(["src": .text(source), "name": .text(name)]) { $1 })
        case .audio, .file:
            return templates[.attachmentAudio].render([
                "href": .text(source), "src": .text(source), "name": .text(name),
                "size": .text(attachment.sizeBytes.map(ByteCount.text) ?? ""),
            ])
        }
    }
}

/// How an attachment is shown, from its media type or else its file name's extension.
enum MediaKind: Equatable {
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
