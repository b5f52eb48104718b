import ParleyModel

/// The media of a Telegram message: photos and files as attachments (their paths relative to
/// `result.json`), stickers as stickers, and polls, locations and contacts as lines of text.
///
/// A file the export left out (`(File not included. Change data exporting settings to
/// download.)`) is kept as an attachment with an empty path and that note as its description.
struct TelegramMedia {
    var attachments: [Attachment] = []
    var stickers: [Sticker] = []
    /// Lines describing a poll, location or contact, added after the message's text.
    var lines: [String] = []

    init(_ raw: TelegramMessage, id: MessageID) {
        if let photo = raw.photo {
            var attachment = Self.attachment(
                id: "\(id)-photo", path: photo, fileName: nil, fallbackName: "photo.jpg", size: raw.photo_file_size)
            attachment.width = raw.width
            attachment.height = raw.height
            attachments.append(attachment)
        }
        if let file = raw.file {
            if raw.media_type == "sticker" {
                stickers.append(
                    Sticker(
                        id: "\(id)-sticker", name: raw.sticker_emoji ?? "sticker", format: Self.stickerFormat(raw.mime_type),
                        url: Self.isIncluded(file) ? file : nil))
            } else {
                var attachment = Self.attachment(
                    id: "\(id)-file", path: file, fileName: raw.file_name, fallbackName: "file", size: raw.file_size)
                attachment.width = raw.width
                attachment.height = raw.height
                attachment.contentType = raw.mime_type
                if attachment.description == nil { attachment.description = Self.describe(raw) }
                attachments.append(attachment)
            }
        }
        if let poll = raw.poll { lines += Self.lines(poll) }
        if let location = raw.location_information, let latitude = location.latitude, let longitude = location.longitude {
            lines.append("Location: \(latitude), \(longitude)")
        }
        if let contact = raw.contact_information {
            let name = [contact.first_name, contact.last_name].compactMap { $0 }.joined(separator: " ")
            lines.append("Contact: " + [name, contact.phone_number ?? ""].filter { !$0.isEmpty }.joined(separator: ", "))
        }
    }

    /// A poll as Telegram Desktop shows it: the question (and "closed" once it is), each answer
    /// with its votes and a check mark on the exporting user's choice, and how many voted:
    /// `Poll: Lunch? (closed)`, `• Yes — 2 votes ✓ your vote`, `• No — 1 vote`, `3 voters`.
    static func lines(_ poll: TelegramMessage.Poll) -> [String] {
        var lines = ["Poll: \(poll.question ?? "")" + (poll.closed == true ? " (closed)" : "")]
        for answer in poll.answers ?? [] {
            let votes = answer.voters ?? 0
            lines.append("• \(answer.text ?? "") — \(votes) vote\(votes == 1 ? "" : "s")" + (answer.chosen == true ? " ✓ your vote" : ""))
        }
        if let total = poll.total_voters { lines.append("\(total) voter\(total == 1 ? "" : "s")") }
        return lines
    }

    static func isIncluded(_ path: String) -> Bool { !path.hasPrefix("(File ") }

    static func attachment(id: String, path: String, fileName: String?, fallbackName: String, size: Int64?) -> Attachment {
        guard isIncluded(path) else {
            return Attachment(
                id: id, url: "", fileName: fileName ?? fallbackName, sizeBytes: size, description: "not included in the export")
        }
        let name = fileName ?? path.split(separator: "/").last.map(String.init) ?? fallbackName
        return Attachment(id: id, url: path, fileName: name, sizeBytes: size)
    }

    /// `voice message, 5 s`, `round video`, `Performer – Title` and so on.
    static func describe(_ raw: TelegramMessage) -> String? {
        let duration = raw.duration_seconds.map { ", \($0) s" } ?? ""
        switch raw.media_type {
        case "voice_message": return "voice message" + duration
        case "video_message": return "round video message" + duration
        case "animation": return "animation"
        case "audio_file":
            let name = [raw.performer, raw.title].compactMap { $0 }.joined(separator: " – ")
            return (name.isEmpty ? "audio" : name) + duration
        case "video_file": return "video" + duration
        default: return nil
        }
    }

    /// `webp`, `tgs` (animated Lottie) or `webm` from the sticker's MIME type.
    static func stickerFormat(_ mimeType: String?) -> String {
        switch mimeType {
        case "application/x-tgsticker": return "tgs"
        case "video/webm": return "webm"
        case "image/webp", nil: return "webp"
        case let other?: return other
        }
    }
}
