import Foundation
import ParleyModel

/// Reads Telegram Desktop JSON exports (`result.json`): one chat, or a whole account whose
/// `chats.list` and `left_chats.list` each become a channel.
///
/// Text with entities becomes ``Content/Flavor/spans`` content; service messages become system
/// messages; replies, edits, forwards, via-bot, photos, files, stickers, voice notes and
/// reactions are kept; polls, locations and contacts become lines of text. A forum group's topics
/// are channels of their own (``TelegramTopics``); an `unsupported` entry is a placeholder. The
/// `\xHH` escapes Telegram Desktop writes for control characters are read. The grouping rule is
/// ``GroupingPolicy/telegram`` (15 minutes). A message id seen twice in one chat is kept once (the
/// later copy) and reported.
public struct TelegramImporter: Sendable {
    /// An importer of Telegram Desktop exports.
    public init() {}

    /// Whether `data` looks like a Telegram export: a JSON object that starts like a whole-account
    /// export (`"about"` and `"personal_information"`), or has a `"messages"` or `"chats"` key
    /// whose first messages have `"type": "message"` or `"service"` and a `"date_unixtime"` or
    /// `"date"`. Returns nil when it does, else why not.
    public func rejection(of data: Data) -> String? {
        let sniffer = JSONSniffer(data)
        guard sniffer.isObject else { return "not a JSON object" }
        if sniffer.hasKey("about"), sniffer.hasKey("personal_information") { return nil }
        guard sniffer.hasKey("messages") || sniffer.hasKey("chats") else { return "no \"messages\" or \"chats\" key near the start" }
        guard sniffer.hasPair("type", "message") || sniffer.hasPair("type", "service") else {
            return "no message with \"type\": \"message\" or \"service\" near the start"
        }
        guard sniffer.hasKey("date_unixtime") || sniffer.hasKey("date") else {
            return "no \"date_unixtime\" or \"date\" key near the start"
        }
        return nil
    }

    /// Imports one `result.json`, streaming each chat's `messages` one record at a time.
    /// - Parameters:
    ///   - data: The file's bytes (UTF-8 JSON).
    ///   - file: The file name used in errors and diagnostics.
    /// - Returns: One channel per chat, messages in file order.
    /// - Throws: ``ImportError/syntax(file:offset:line:expected:)`` for malformed JSON, and for a
    ///   file cut short before its first `messages`; ``ImportError/schema(file:path:expected:)``
    ///   for a value of the wrong type outside the messages. A message that cannot be read (a
    ///   wrong type, neither `date_unixtime` nor `date`, a time outside the years 0001–9999) is
    ///   skipped and reported instead; a file cut short keeps the messages before the break.
    /// - Complexity: O(n) in the file's size; memory holds the messages converted, the envelope
    ///   (the file without its messages) and one record being read.
    public func importTranscript(_ data: Data, file: String) throws(ImportError) -> ImportResult {
        try importTranscript(.data(data), file: file)
    }

    /// Imports the export in `bytes` (in memory, or a file read a chunk at a time), as
    /// the `Data` overload does.
    /// - Throws: as the `Data` overload, and ``ImportError/unreadable(file:reason:)``
    ///   when the file cannot be read.
    public func importTranscript(_ bytes: InputBytes, file: String) throws(ImportError) -> ImportResult {
        try importTranscript(bytes, file: file, sink: nil)
    }

    /// Imports the export in `bytes`; with a `sink`, each message of a chat whose header gives its
    /// id before its messages (every export Telegram Desktop writes) is handed to it as soon as it
    /// is read instead of being kept, and its channel in the result has no messages.
    func importTranscript(_ bytes: InputBytes, file: String, sink: (any MessageSink)?) throws(ImportError) -> ImportResult {
        var reading = TelegramExportReading(file: file, sink: sink)
        let outcome = try StreamedJSON.read(
            bytes, file: file, lists: TelegramExportReading.lists, tapeLists: TelegramExportReading.lists, hexEscapes: true,
            envelopeAtFirstList: { reading.takeEnvelope($0) }
        ) { event in reading.take(event) }
        let (transcript, diagnostics) = try reading.finish(outcome.envelopeRead, truncated: outcome.envelope == nil)
        return ImportResult(
            transcript: transcript, diagnostics: outcome.diagnostics + diagnostics, format: .telegram, groupingPolicy: .telegram,
            file: file)
    }
}
