import Foundation
import ParleyArchive
import ParleyModel

extension TranscriptReader {
    /// Reads the input at `path` as ``read(contentsOf:format:options:)`` does, but hands every
    /// message to `sink` instead of returning it: a DiscordChatExporter or Telegram JSON export
    /// is streamed, each message passed on as soon as it is read, so memory does not grow with the
    /// file (a Telegram chat whose header comes after its messages is held, then passed on); a
    /// Slack export (folder or zip) is read one day file at a time, each message passed on as it
    /// is read, in day file order (a conversation's thread replies are not gathered under their
    /// parent, and no ``Message/threadReplies`` is set: the archive's store orders messages by
    /// time and keeps neither); any other input is read whole, then its messages are passed on in order.
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
        if let (file, streamed) = streamedFile(path, format: format) {
            var result: ImportResult
            switch streamed {
            case .telegram: result = try TelegramImporter().importTranscript(.file(path: file), file: file, sink: validating)
            default: result = try DiscordChatExporterImporter().importTranscript(.file(path: file), file: file, sink: validating)
            }
            return try finish(result, of: path, validating)
        }
        let inPlace = try inPlaceInput(path, format: format, options: options)
        if case let .slack(files) = inPlace {
            return try finish(SlackImporter().importExport(files, sink: validating), of: path, validating)
        }
        var result = try read(contentsOf: path, inPlace: inPlace, format: format, options: options)
        for index in result.transcript.channels.indices { feed(&result.transcript.channels[index], to: sink) }
        return result
    }

    /// The result of a streamed read of the input at `path`: the messages it still holds handed
    /// to `validating`, whose refusals join the diagnostics.
    /// - Throws: the first skipped record's error when no message at all was passed on.
    private func finish(_ streamed: ImportResult, of path: String, _ validating: ValidatingSink) throws(ImportError) -> ImportResult {
        var result = streamed
        result.file = path
        for index in result.transcript.channels.indices { feed(&result.transcript.channels[index], to: validating) }
        result.diagnostics += validating.diagnostics
        if validating.accepted == 0, let first = result.diagnostics.first(where: \.skipsRecord) {
            throw first.cause ?? .schema(file: first.file, path: first.location, expected: first.message)
        }
        return result
    }

    /// Hands the messages `channel` still holds to `sink`, in order, and removes them.
    private func feed(_ channel: inout Channel, to sink: some MessageSink) {
        let messages = channel.messages
        channel.messages = []
        for message in messages { sink.accept(message, in: channel, at: "channel \"\(channel.name)\", message \"\(message.id)\"") }
    }

    /// The JSON file whose messages ``read(contentsOf:format:options:into:)`` streams for the
    /// input at `path`, and its format: a DiscordChatExporter or Telegram export file, or the
    /// `result.json` of a Telegram export folder; nil for any other input (a zip, a Slack export,
    /// an SMS backup, a WhatsApp chat, …).
    private func streamedFile(_ path: String, format: InputFormat?) -> (String, InputFormat)? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue {
            let names = (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []
            guard let (entry, found) = Self.bundledEntry(in: names, format: format), found == .telegram else { return nil }
            return (URL(fileURLWithPath: path).appendingPathComponent(entry).path, found)
        }
        guard let handle = FileHandle(forReadingAtPath: path), let head = try? handle.read(upToCount: Self.detectionBytes) else {
            return nil
        }
        try? handle.close()
        guard !ZipArchive.hasZipSignature(head), let found = format ?? (try? detectFormat(of: head, file: path)),
            found == .discordChatExporter || found == .telegram
        else { return nil }
        return (path, found)
    }
}
