import Foundation
import ParleyModel

/// Media lines of a WhatsApp export, in any export language:
///
/// - iOS with media: `‎<attached: 00000035-PHOTO-2022-03-27-21-41-55.jpg>`, optionally after
///   the document's name (`Some file.txt ‎<attached: …>`).
/// - Android with media: `IMG-20220323-WA0002.jpg (file attached)`.
/// - Android without media: the whole body in angle brackets, `<Media omitted>`.
/// - iOS without media: a line that starts with a direction mark and ends with a short note
///   after the last mark (`‎image omitted`, `Template.docx ‎document omitted`).
///
/// File names are kept without direction marks; an omitted file has an empty URL.
enum WhatsAppMedia {
    static func recognise(_ body: Substring, markedLine: Bool) -> Attachment? {
        let last = body.unicodeScalars.last { !WhatsAppCharacters.isSpace($0) && !WhatsAppCharacters.isDirectionMark($0) }
        guard markedLine || last == ">" || last == ")" else { return nil }
        let cleaned = WhatsAppCharacters.clean(body)
        if let attached = attachedFile(body) { return attached }
        if cleaned.hasPrefix("<"), cleaned.hasSuffix(">"), cleaned.count > 2 {
            let inner = cleaned.dropFirst().dropLast()
            if !WhatsAppCharacters.contains(inner, "<"), !WhatsAppCharacters.contains(inner, ">"), WhatsAppCharacters.contains(inner, " "),
                inner.contains(where: \.isLetter)
            {
                var attachment = Attachment(id: "", url: "", fileName: String(inner))
                attachment.omission = cleaned
                return attachment
            }
        }
        if let open = cleaned.lastIndex(of: "("), cleaned.hasSuffix(")") {
            let name = cleaned[..<open].trimmingCharacters(in: .whitespaces)
            let note = cleaned[cleaned.index(after: open)..<cleaned.index(before: cleaned.endIndex)]
            if hasExtension(name), !note.isEmpty, note.allSatisfy({ $0.isLetter || $0 == " " }) {
                return Attachment(id: "", url: name, fileName: name)
            }
        }
        if markedLine { return omitted(body) }
        return nil
    }

    /// `… <attached: NAME.EXT>` (the word before the colon is localised).
    private static func attachedFile(_ body: Substring) -> Attachment? {
        let cleaned = WhatsAppCharacters.clean(body)
        guard cleaned.hasSuffix(">"), let open = cleaned.lastIndex(of: "<") else { return nil }
        let inner = cleaned[cleaned.index(after: open)..<cleaned.index(before: cleaned.endIndex)]
        guard let colon = inner.firstIndex(of: ":") else { return nil }
        let name = inner[inner.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard hasExtension(name) else { return nil }
        var attachment = Attachment(id: "", url: name, fileName: name)
        let before = cleaned[..<open].trimmingCharacters(in: .whitespaces)
        if !before.isEmpty { attachment.description = before }
        return attachment
    }

    /// An iOS media line without its file: the note after the last direction mark.
    private static func omitted(_ body: Substring) -> Attachment? {
        let trimmed = WhatsAppCharacters.dropLeadingMarks(body)
        let scalars = trimmed.unicodeScalars
        let lastMark = scalars.lastIndex(where: WhatsAppCharacters.isDirectionMark)
        let note = WhatsAppCharacters.clean(lastMark.map { Substring(scalars[scalars.index(after: $0)...]) } ?? trimmed)
        let descriptor = lastMark.map { WhatsAppCharacters.clean(Substring(scalars[..<$0])) } ?? ""
        guard !note.isEmpty, note.unicodeScalars.count <= 40, !WhatsAppCharacters.contains(note, "://") else { return nil }
        let name = descriptor.components(separatedBy: " • ").first ?? descriptor
        var attachment = Attachment(id: "", url: "", fileName: name.isEmpty ? note : name)
        attachment.omission = note
        if descriptor != name { attachment.description = descriptor }
        return attachment
    }

    /// Whether `name` ends in `.` and a 1–5 character ASCII extension with a letter (`jpg`, `mp4`).
    static func hasExtension(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
        let ext = name[name.index(after: dot)...]
        return (1...5).contains(ext.count) && ext.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            && ext.contains(where: \.isLetter)
    }
}
