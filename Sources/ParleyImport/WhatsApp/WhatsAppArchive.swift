import Foundation
import ParleyArchive

/// The zip form of a WhatsApp export: the chat `.txt` (`_chat.txt` on iOS, `WhatsApp Chat with
/// NAME.txt` on Android, localised) beside the media files it names.
enum WhatsAppArchive {
    /// The chat entry: `_chat.txt`, else a `.txt` whose name contains "WhatsApp", else the only
    /// `.txt` in the archive.
    static func chatEntry(in entries: [ZipEntry]) -> ZipEntry? {
        let texts = entries.filter { $0.path.lowercased().hasSuffix(".txt") && !$0.path.hasPrefix("__MACOSX/") }
        return texts.first { $0.fileName == "_chat.txt" } ?? texts.first { $0.fileName.contains("WhatsApp") }
            ?? (texts.count == 1 ? texts[0] : nil)
    }

    /// The chat entry, its bytes and the size of every other file by name.
    /// - Throws: ``ImportError/unreadable(file:reason:)`` for a damaged zip or one without a chat.
    static func read(_ archive: ZipArchive) throws(ImportError) -> (ZipEntry, Data, [String: Int64]) {
        do {
            let entries = try archive.entries()
            guard let chat = chatEntry(in: entries) else {
                throw ImportError.unreadable(file: archive.name, reason: "the zip holds no WhatsApp chat .txt (such as _chat.txt)")
            }
            var data = Data()
            try archive.forEachFile(where: { $0.path == chat.path }) { _, bytes in
                data = bytes
                return false
            }
            var sizes: [String: Int64] = [:]
            for entry in entries { sizes[entry.fileName] = entry.sizeBytes }
            return (chat, data, sizes)
        } catch let error as ArchiveError {
            throw ImportError(error)
        } catch let error as ImportError {
            throw error
        } catch {
            throw .unreadable(file: archive.name, reason: "\(error)")
        }
    }

    /// The chat's name from an export's file name: `WhatsApp Chat with Alice.txt` and
    /// `WhatsApp Chat - Alice.zip` give `Alice`; other names give their stem.
    static func chatName(fromFile path: String) -> String {
        var stem = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        for prefix in [
            "WhatsApp Chat with ", "WhatsApp Chat - ", "WhatsApp-Chat mit ", "Chat de WhatsApp con ", "Conversa do WhatsApp com ",
        ]
        where stem.hasPrefix(prefix) {
            stem = String(stem.dropFirst(prefix.count))
        }
        return WhatsAppCharacters.clean(Substring(stem))
    }
}
