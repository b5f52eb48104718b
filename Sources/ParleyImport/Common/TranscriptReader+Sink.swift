import Foundation
import ParleyArchive
import ParleyModel

extension TranscriptReader {
    /// Reads the input at `path` as ``read(contentsOf:format:options:)`` does, but hands every
    /// message to `sink` instead of returning it: a DiscordChatExporter, Telegram, ChatGPT or
    /// Matrix JSON export (a file, the JSON file of an export folder, or that file inside a zip,
    /// inflated as it is read; a folder of DiscordChatExporter exports file by file), a WhatsApp chat (`.txt` or `.zip`, read twice: first for the date
    /// order and the header shape, then for the messages) and an SMS backup (read twice: first for
    /// each conversation's name) are streamed, each message passed on as soon as it is read, so
    /// memory does not grow with the file (a Telegram chat whose header comes after its messages
    /// is held, then passed on; a ChatGPT conversation is passed on when its record is read; a
    /// Matrix export is read twice, first for the relations between events, then for the
    /// messages); a Slack export (folder or zip) is read one day file at a time, each message
    /// passed on as it is read, in day file order (a conversation's thread replies are not
    /// gathered under their parent, and no ``Message/threadReplies`` is set: the archive's store
    /// orders messages by time and keeps neither); any other input (Parley JSON Lines) is read
    /// whole, then its
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
        let validating = ValidatingSink(sink, file: path, me: options.me)
        if let input = streamedInput(path, format: format, options: options) {
            return try finish(importStreamed(input, sink: validating), of: path, validating)
        }
        let inPlace = try inPlaceInput(path, format: format, options: options)
        switch inPlace {
        case let .slack(files):
            return try finish(SlackImporter().importExport(files, sink: validating), of: path, validating)
        case let .discordFolder(folder):
            return try finish(folder.read(sink: validating), of: path, validating)
        case let .smsBackup(file):
            return try finish(SMSBackupImporter(options: options).importFile(file, sink: validating), of: path, validating)
        case let .zip(archive, entries) where format == .whatsApp || (format == nil && WhatsAppArchive.chatEntry(in: entries) != nil):
            return try finish(
                WhatsAppImporter(options: options).importTranscript(.archive(archive), sink: validating), of: path, validating)
        case nil where isWhatsAppChat(path, format: format):
            return try finish(
                WhatsAppImporter(options: options).importTranscript(.file(path: path), sink: validating), of: path, validating)
        default: break
        }
        var result = try read(contentsOf: path, inPlace: inPlace, format: format, options: options)
        for index in result.transcript.channels.indices { feed(&result.transcript.channels[index], of: path, to: sink) }
        return result
    }

    /// The result of a streamed read of the input at `path`: the messages it still holds handed
    /// to `validating` (as records of the file the importer named, `path` when it named none),
    /// whose refusals join the diagnostics.
    /// - Throws: the first skipped record's error when no message at all was passed on.
    private func finish(_ streamed: ImportResult, of path: String, _ validating: ValidatingSink) throws(ImportError) -> ImportResult {
        var result = streamed
        result.file = path
        let file = streamed.file.isEmpty ? path : streamed.file
        for index in result.transcript.channels.indices { feed(&result.transcript.channels[index], of: file, to: validating) }
        result.diagnostics += validating.diagnostics
        if validating.accepted == 0, let first = result.diagnostics.first(where: \.skipsRecord) {
            throw first.cause ?? .schema(file: first.file, path: first.location, expected: first.message)
        }
        return result
    }

    /// Hands the messages `channel` still holds to `sink`, in order, as records of `file` named by
    /// channel and message id, and removes them.
    private func feed(_ channel: inout Channel, of file: String, to sink: some MessageSink) {
        let messages = channel.messages
        channel.messages = []
        for message in messages {
            sink.accept(
                message, in: channel, at: RecordLocation(file: file, place: "channel \"\(channel.name)\", message \"\(message.id)\""))
        }
    }

    /// Whether the file at `path` is a WhatsApp chat's text: `format` says so, or no format is
    /// given and its first 64 KiB are detected as one.
    private func isWhatsAppChat(_ path: String, format: InputFormat?) -> Bool {
        if let format { return format == .whatsApp }
        guard let handle = FileHandle(forReadingAtPath: path), let head = try? handle.read(upToCount: Self.detectionBytes) else {
            return false
        }
        try? handle.close()
        return (try? detectFormat(of: head, file: path)) == .whatsApp
    }
}
