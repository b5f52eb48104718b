import Foundation
import ParleyArchive
import ParleyModel

/// Reads WhatsApp's "Export chat" text (`.txt`), or the `.zip` that holds it with the media.
///
/// The format has no schema and no ids and is written in the phone's language: see
/// ``WhatsAppHeader`` for the header layouts, ``WhatsAppDateOrderInference`` for how the date
/// order is decided from the whole file, ``WhatsAppChatReading`` for the two passes that read it
/// a chunk at a time, ``WhatsAppMedia`` for media lines and
/// ``SyntheticMessageID`` for the ids. Times are the phone's wall-clock times (the export names
/// no zone), taken as instants in ``ImportOptions/timeZone`` (`--timezone`; ``WhatsAppZone``), so
/// a page rendered in that zone shows them as written; ids do not depend on the zone. One
/// export is one channel.
public struct WhatsAppImporter: Sendable {
    /// `--me` (outgoing messages), `--date-order` (forces the date order) and `--timezone` (the
    /// zone wall-clock times are taken in).
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
        let text = Self.decoded(data.prefix(64 * 1024))
        var lines = WhatsAppLineSplitter()
        var survey = WhatsAppSurvey(forced: nil, limit: 40)
        text.withUnsafeBytes { lines.feed($0) { survey.add($0) } }
        lines.finish { survey.add($0) }
        guard let best = survey.best, survey.leadingText == nil else {
            return "the first line is not a WhatsApp message header such as \"18/03/2022, 14:56 - Name: text\""
        }
        let examined = min(40, text.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 })
        return best.count * 3 >= examined || best.count >= 3 ? nil : "too few lines are WhatsApp message headers"
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
        return try collected(.data(data), file: file)
    }

    /// Imports the chat text `data` as ``importTranscript(_:file:)`` does, reading it
    /// `chunkSize` bytes at a time (so that tests can put chunk boundaries anywhere).
    /// - Throws: as ``importTranscript(_:file:)``.
    package func importTranscript(_ data: Data, file: String, chunkSize: Int) throws(ImportError) -> ImportResult {
        try collected(.data(data), file: file, chunkSize: chunkSize)
    }

    /// Imports a zip export (the chat `.txt` with its media), reading only the chat's bytes.
    /// - Throws: as ``importTranscript(_:file:)``.
    public func importArchive(_ archive: ZipArchive) throws(ImportError) -> ImportResult {
        let (source, file, chatName, media) = try Self.chat(in: archive)
        return try collected(source, file: file, chatName: chatName, media: media)
    }

    /// Imports the chat `.txt` at `path` or the zip export `archive`, handing each message to
    /// `sink` as soon as its last line is read (two passes over the chat, a chunk at a time; see
    /// ``WhatsAppChatReading``).
    /// - Returns: the chat without messages (its channel and authors) and the diagnostics.
    /// - Throws: as ``importTranscript(_:file:)``, before any message reached `sink`.
    func importTranscript(_ input: Input, sink: some MessageSink) throws(ImportError) -> ImportResult {
        let (source, file, chatName, media): (InputBytes, String, String, [String: Int64])
        var formerIDs: [ChannelID] = []
        switch input {
        case let .file(path):
            (source, file, chatName, media) = (.file(path: path), path, WhatsAppArchive.chatName(fromFile: path), [:])
            formerIDs = WhatsAppArchive.formerChannelIDs(fromFile: path)
        case let .archive(archive): (source, file, chatName, media) = try Self.chat(in: archive)
        }
        return try WhatsAppChatReading.read(
            source, file: file, chatName: chatName, media: media, formerIDs: formerIDs, options: options
        ) { message, channel in
            sink.accept(
                message, in: channel, at: RecordLocation(file: file, place: "channel \"\(channel.name)\", message \"\(message.id)\""))
        }
    }

    /// A chat read by ``importTranscript(_:sink:)``.
    enum Input {
        /// The chat's `.txt` file.
        case file(path: String)
        /// A zip export.
        case archive(ZipArchive)
    }

    /// Reads the chat in `source` whole: the messages ``WhatsAppChatReading`` hands on, collected
    /// into its one channel; `chunkSize` is the bytes read at once.
    private func collected(
        _ source: InputBytes, file: String, chatName: String? = nil, media: [String: Int64] = [:],
        chunkSize: Int = WhatsAppChatReading.chunkSize
    ) throws(ImportError) -> ImportResult {
        var messages: [Message] = []
        var result = try WhatsAppChatReading.read(
            source, file: file, chatName: chatName ?? WhatsAppArchive.chatName(fromFile: file), media: media,
            formerIDs: chatName == nil ? WhatsAppArchive.formerChannelIDs(fromFile: file) : [], options: options, chunkSize: chunkSize
        ) { message, _ in messages.append(message) }
        result.transcript.channels[0].messages = messages
        return result
    }

    /// The chat entry of a zip export as a source, with the name used in errors, the chat's name
    /// and the sizes of the files beside it.
    private static func chat(in archive: ZipArchive) throws(ImportError) -> (InputBytes, String, String, [String: Int64]) {
        let (chat, sizes) = try WhatsAppArchive.locate(archive)
        let name =
            chat.fileName == "_chat.txt" ? WhatsAppArchive.chatName(fromFile: archive.name) : WhatsAppArchive.chatName(fromFile: chat.path)
        return (.zipEntry(archive, path: chat.path), "\(archive.name): \(chat.path)", name, sizes)
    }

    /// `data` as UTF-8, decoded as the import decodes a chat (UTF-16 transcoded, a byte order mark dropped).
    static func decoded(_ data: Data) -> [UInt8] {
        for transcodes in [true, false] {
            var decoder = WhatsAppTextDecoder(transcodes: transcodes)
            var text: [UInt8] = []
            data.withUnsafeBytes { decoder.feed($0) { text.append(contentsOf: $0) } }
            decoder.finish { text.append(contentsOf: $0) }
            if !decoder.isInvalid { return text }
        }
        return Array(data)
    }
}
