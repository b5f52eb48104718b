import Foundation
import ParleyArchive
import ParleyModel

/// Reads WhatsApp's "Export chat" text (`.txt`), or the `.zip` that holds it with the media.
///
/// The format has no schema and no ids and is written in the phone's language: see
/// ``WhatsAppHeader`` for the header layouts, ``WhatsAppDateOrderInference`` for how the date
/// order is decided from the whole file, ``WhatsAppMedia`` for media lines and
/// ``SyntheticMessageID`` for the ids. Times are the phone's wall-clock times, stored as UTC
/// (the export names no zone). One export is one channel.
public struct WhatsAppImporter: Sendable {
    /// `--me` (outgoing messages) and `--date-order` (forces the date order).
    public var options: ImportOptions

    /// An importer using `options`.
    public init(options: ImportOptions = ImportOptions()) { self.options = options }

    /// Whether `data` looks like a WhatsApp export: the first non-empty line of the text is a
    /// message header and so are three of its first 40 lines (or one in three), or the zip holds a
    /// `.txt` chat (`_chat.txt`, `WhatsApp Chat with …`). Returns nil when it does, else why not.
    public func rejection(of data: Data) -> String? {
        if ZipArchive.hasZipSignature(data.prefix(4)) {
            let entries = (try? ZipArchive(data: data, name: "").entries()) ?? []
            return WhatsAppArchive.chatEntry(in: entries) == nil ? "a zip without a WhatsApp chat .txt" : nil
        }
        let text = WhatsAppText.utf8(data.prefix(64 * 1024))
        return text.withUnsafeBytes { bytes in
            let lines = WhatsAppLines(bytes, limit: 40)
            guard !lines.headers.isEmpty, lines.leadingText == nil else {
                return "the first line is not a WhatsApp message header such as \"18/03/2022, 14:56 - Name: text\""
            }
            let examined = min(40, text.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 })
            return lines.headers.count * 3 >= examined || lines.headers.count >= 3 ? nil : "too few lines are WhatsApp message headers"
        }
    }

    /// Imports an export held in memory: chat text, or a zip with the chat and its media.
    /// - Parameter file: The file name, used in errors and to name the chat.
    /// - Throws: ``ImportError/syntax(file:offset:line:expected:)`` when no line is a message
    ///   header, text precedes the first header, no date order fits every date, or AM/PM markers
    ///   are unknown; ``ImportError/unreadable(file:reason:)`` for a damaged zip.
    public func importTranscript(_ data: Data, file: String) throws(ImportError) -> ImportResult {
        if ZipArchive.hasZipSignature(data.prefix(4)) {
            return try importArchive(ZipArchive(data: data, name: file, limits: options.zipLimits))
        }
        return try importChat(data, file: file, chatName: WhatsAppArchive.chatName(fromFile: file), media: [:])
    }

    /// Imports a zip export (the chat `.txt` with its media), reading only the chat's bytes.
    /// - Throws: as ``importTranscript(_:file:)``.
    public func importArchive(_ archive: ZipArchive) throws(ImportError) -> ImportResult {
        let (chat, data, sizes) = try WhatsAppArchive.read(archive)
        let name =
            chat.fileName == "_chat.txt" ? WhatsAppArchive.chatName(fromFile: archive.name) : WhatsAppArchive.chatName(fromFile: chat.path)
        return try importChat(data, file: "\(archive.name): \(chat.path)", chatName: name, media: sizes)
    }

    func importChat(_ data: Data, file: String, chatName: String, media: [String: Int64]) throws(ImportError) -> ImportResult {
        let text = WhatsAppText.utf8(data)
        let outcome: Result<ImportResult, ImportError> = text.withUnsafeBytes { bytes in
            do throws(ImportError) {
                var builder = try WhatsAppChatBuilder(bytes: bytes, file: file, options: options)
                return .success(builder.build(chatName: chatName, media: media))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }
}
