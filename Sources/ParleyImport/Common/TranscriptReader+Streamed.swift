import Foundation
import ParleyArchive

extension TranscriptReader {
    /// A JSON export that is read a chunk at a time: where its bytes are, the name errors give
    /// it, and its format.
    struct StreamedInput {
        var bytes: InputBytes
        /// The file named in errors and diagnostics (`export.zip/conversations.json` for a zip entry).
        var file: String
        var format: InputFormat
    }

    /// The JSON export the input at `path` streams from, when it is one: a DiscordChatExporter,
    /// Telegram, ChatGPT or Matrix JSON file; the `result.json` or `conversations.json` of a
    /// Telegram or ChatGPT export folder; that file inside a zip that is not a Slack export. Nil
    /// for any other input (a Slack folder or zip, an SMS backup, a WhatsApp chat or zip,
    /// Parley JSON Lines, a path that does not exist).
    /// - Complexity: a file's first 64 KiB read; a folder's paths listed; a zip's entries listed.
    func streamedInput(_ path: String, format: InputFormat?, options: ImportOptions) -> StreamedInput? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue {
            let names = (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []
            guard let (entry, found) = Self.bundledEntry(in: names, format: format) else { return nil }
            let file = URL(fileURLWithPath: path).appendingPathComponent(entry).path
            return StreamedInput(bytes: .file(path: file), file: file, format: found)
        }
        guard let handle = FileHandle(forReadingAtPath: path), let head = try? handle.read(upToCount: Self.detectionBytes) else {
            return nil
        }
        try? handle.close()
        if ZipArchive.hasZipSignature(head) {
            let archive = ZipArchive(path: path, limits: options.zipLimits)
            guard format != .slack, let entries = try? archive.entries().map(\.path),
                format != nil || !SlackImporter.isExport(entries)
            else { return nil }
            return bundledInput(archive, entries: entries, format: format)
        }
        guard let found = format ?? (try? detectFormat(of: head, file: path)), Self.streamsJSON(found) else { return nil }
        return StreamedInput(bytes: .file(path: path), file: path, format: found)
    }

    /// The bundled export inside `archive` (whose entry paths are `entries`) as a streamed zip
    /// entry, when it holds one of `format`'s (any bundled format's when nil).
    func bundledInput(_ archive: ZipArchive, entries: [String], format: InputFormat?) -> StreamedInput? {
        guard let (entry, found) = Self.bundledEntry(in: entries, format: format) else { return nil }
        return StreamedInput(bytes: .zipEntry(archive, path: entry), file: "\(archive.name)/\(entry)", format: found)
    }

    /// Whether `format` is a JSON export read through ``StreamedJSON``.
    static func streamsJSON(_ format: InputFormat) -> Bool {
        switch format {
        case .discordChatExporter, .telegram, .chatGPT, .matrix: return true
        case .parleyJSONL, .slack, .smsBackup, .whatsApp: return false
        }
    }

    /// Imports `input` with its format's streaming importer; with a `sink`, the messages go to it
    /// as they are read (see ``read(contentsOf:format:options:into:)``) instead of into the result.
    /// - Throws: the importer's ``ImportError``.
    func importStreamed(_ input: StreamedInput, sink: (any MessageSink)?) throws(ImportError) -> ImportResult {
        switch input.format {
        case .telegram: return try TelegramImporter().importTranscript(input.bytes, file: input.file, sink: sink)
        case .chatGPT: return try ChatGPTImporter().importTranscript(input.bytes, file: input.file, sink: sink)
        case .matrix: return try MatrixImporter().importTranscript(input.bytes, file: input.file, sink: sink)
        case .discordChatExporter, .parleyJSONL, .slack, .smsBackup, .whatsApp:
            return try DiscordChatExporterImporter().importTranscript(input.bytes, file: input.file, sink: sink)
        }
    }
}
