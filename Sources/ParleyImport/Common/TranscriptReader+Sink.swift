import Foundation
import ParleyArchive
import ParleyModel

extension TranscriptReader {
    /// Reads the input at `path` as ``read(contentsOf:format:options:)`` does, but hands every
    /// message to `sink` instead of returning it: a DiscordChatExporter or Telegram JSON export, a
    /// WhatsApp chat (`.txt` or `.zip`) and an SMS backup are streamed, each message passed on as
    /// soon as it is read, so memory does not grow with the file (a Telegram chat whose header
    /// comes after its messages is held, then passed on); any other input is read whole, then its
    /// messages are passed on in order.
    ///
    /// Messages ``MessageValidator`` refuses are skipped and reported in the result's diagnostics.
    /// A streamed input does not merge duplicate message ids itself: the sink sees both copies, the
    /// later last.
    /// - Returns: the input's header — title, channels with no messages, directory, grouping
    ///   rules — and its diagnostics.
    /// - Throws: as ``read(contentsOf:format:options:)``; the sink may have received messages
    ///   before the error (a caller that must not keep them undoes them, as `parley render` rolls
    ///   back its store's transaction).
    public func read(
        contentsOf path: String, format: InputFormat? = nil, options: ImportOptions = ImportOptions(), into sink: some MessageSink
    ) throws(ImportError) -> ImportResult {
        let validating = ValidatingSink(sink, file: path)
        if let streamed = try streamedInput(path, format: format, options: options) {
            var result: ImportResult
            switch streamed {
            case let .json(file, .telegram):
                result = try TelegramImporter().importTranscript(.file(path: file), file: file, sink: validating)
            case let .json(file, _):
                result = try DiscordChatExporterImporter().importTranscript(.file(path: file), file: file, sink: validating)
            case let .whatsApp(input): result = try WhatsAppImporter(options: options).importTranscript(input, sink: validating)
            case let .smsBackup(file): result = try SMSBackupImporter(options: options).importFile(file, sink: validating)
            }
            result.file = path
            for index in result.transcript.channels.indices { feed(&result.transcript.channels[index], to: validating) }
            result.diagnostics += validating.diagnostics
            if validating.accepted == 0, let first = result.diagnostics.first(where: \.skipsRecord) {
                throw first.cause ?? .schema(file: first.file, path: first.location, expected: first.message)
            }
            return result
        }
        var result = try read(contentsOf: path, format: format, options: options)
        for index in result.transcript.channels.indices { feed(&result.transcript.channels[index], to: sink) }
        return result
    }

    /// Hands the messages `channel` still holds to `sink`, in order, and removes them.
    private func feed(_ channel: inout Channel, to sink: some MessageSink) {
        let messages = channel.messages
        channel.messages = []
        for message in messages { sink.accept(message, in: channel, at: "channel \"\(channel.name)\", message \"\(message.id)\"") }
    }

    /// An input ``read(contentsOf:format:options:into:)`` streams.
    private enum StreamedInput {
        /// A DiscordChatExporter or Telegram JSON file.
        case json(String, InputFormat)
        /// A WhatsApp chat `.txt` or zip export.
        case whatsApp(WhatsAppImporter.Input)
        /// An SMS Backup & Restore file.
        case smsBackup(String)
    }

    /// What ``read(contentsOf:format:options:into:)`` streams for the input at `path`: a
    /// DiscordChatExporter or Telegram export file, or the `result.json` of a Telegram export
    /// folder; a WhatsApp chat or zip export; an SMS backup (told apart as ``readInPlace(_:format:options:)``
    /// and ``read(contentsOf:format:options:)`` tell them); nil for any other input (a Slack
    /// folder or zip, a bundled zip, ChatGPT, Matrix, Parley JSONL…).
    /// - Throws: the ``ImportError`` of a zip that cannot be listed.
    private func streamedInput(_ path: String, format: InputFormat?, options: ImportOptions) throws(ImportError) -> StreamedInput? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue {
            let names = (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []
            guard let (entry, found) = Self.bundledEntry(in: names, format: format), found == .telegram else { return nil }
            return .json(URL(fileURLWithPath: path).appendingPathComponent(entry).path, found)
        }
        guard let handle = FileHandle(forReadingAtPath: path), let head = try? handle.read(upToCount: Self.detectionBytes) else {
            return nil
        }
        try? handle.close()
        if ZipArchive.hasZipSignature(head) {
            let archive = ZipArchive(path: path, limits: options.zipLimits)
            let names: [String]
            do {
                names = try archive.entries().map(\.path)
            } catch {
                throw ImportError(error)
            }
            let isChat =
                format == .whatsApp
                || (format == nil && !SlackImporter.isExport(names) && Self.bundledEntry(in: names, format: nil) == nil
                    && WhatsAppArchive.chatEntry(in: names.map { ZipEntry(path: $0) }) != nil)
            return isChat ? .whatsApp(.archive(archive)) : nil
        }
        if format == .smsBackup || (format == nil && SMSBackupImporter().rejection(of: head.prefix(4096)) == nil) {
            return .smsBackup(path)
        }
        switch format ?? (try? detectFormat(of: head, file: path)) {
        case .discordChatExporter: return .json(path, .discordChatExporter)
        case .telegram: return .json(path, .telegram)
        case .whatsApp: return .whatsApp(.file(path: path))
        default: return nil
        }
    }
}
