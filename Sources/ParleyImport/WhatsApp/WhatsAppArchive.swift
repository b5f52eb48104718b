import Foundation
import ParleyArchive
import ParleyModel

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

    /// The chat entry and the size of every file by name (the chat's bytes are read later, a
    /// chunk at a time).
    /// - Throws: ``ImportError/unreadable(file:reason:)`` for a zip without a chat; the
    ///   ``ImportError`` of a damaged zip's ``ArchiveError``.
    static func locate(_ archive: ZipArchive) throws(ImportError) -> (ZipEntry, [String: Int64]) {
        let entries: [ZipEntry]
        do {
            entries = try archive.entries()
        } catch {
            throw ImportError(error)
        }
        guard let chat = chatEntry(in: entries) else {
            throw .unreadable(file: archive.name, reason: "the zip holds no WhatsApp chat .txt (such as _chat.txt)")
        }
        var sizes: [String: Int64] = [:]
        for entry in entries { sizes[entry.fileName] = entry.sizeBytes }
        return (chat, sizes)
    }

    /// The chat's name from an export's file name: `WhatsApp Chat with Alice.txt` and
    /// `WhatsApp Chat - Alice.zip` give `Alice`; other names give their stem. iOS names every
    /// chat `_chat.txt`, so an unzipped iOS export is named after its folder as its zip is
    /// (`WhatsApp Chat - Alice/_chat.txt` gives `Alice`, as `WhatsApp Chat - Alice.zip` does);
    /// empty for a `_chat.txt` with no folder name (at `/`), which ``WhatsAppChatReading`` names
    /// after its participants. A relative path is resolved against the working directory, so the
    /// name does not depend on where Parley is run from.
    static func chatName(fromFile path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        guard url.lastPathComponent == "_chat.txt" else { return chatName(stem: url.deletingPathExtension().lastPathComponent) }
        let folder = url.deletingLastPathComponent().lastPathComponent
        return folder.isEmpty || folder == "/" || folder == "." ? "" : chatName(stem: folder)
    }

    /// The channel ids earlier versions of Parley gave the chat in the file at `path`: a
    /// `_chat.txt` read as a file (not from its zip) was `whatsapp:_chat`, named after its file as
    /// any chat file was, before ``chatName(fromFile:)`` named it after its folder.
    static func formerChannelIDs(fromFile path: String) -> [ChannelID] {
        URL(fileURLWithPath: path).lastPathComponent == "_chat.txt" ? [ChannelID("whatsapp:_chat")] : []
    }

    /// The chat's name in a file or folder name without its extension: `WhatsApp Chat with`,
    /// `WhatsApp Chat -` and their translations removed.
    private static func chatName(stem: String) -> String {
        var stem = stem
        for prefix in [
            "WhatsApp Chat with ", "WhatsApp Chat - ", "WhatsApp-Chat mit ", "Chat de WhatsApp con ", "Conversa do WhatsApp com ",
        ]
        where stem.hasPrefix(prefix) {
            stem = String(stem.dropFirst(prefix.count))
        }
        return WhatsAppCharacters.clean(Substring(stem))
    }
}
