import Foundation
import ParleyJSON
import ParleyModel

/// Reads DiscordChatExporter JSON exports (Tyrrrz/DiscordChatExporter, `--format Json`).
///
/// One file holds one channel (a folder of them is read by `DiscordExportFolder`). Both the current schema and older ones (no `inlineEmojis`, no
/// `nickname`) are read; unknown fields are ignored. A message id that appears twice is merged
/// into one message (the later copy wins) and reported as a ``Diagnostic``.
public struct DiscordChatExporterImporter: Sendable {
    public init() {}

    /// Whether `data` looks like a DiscordChatExporter export: a JSON object whose first bytes
    /// hold the `"guild"`, `"channel"` and `"messages"` keys. Returns nil when it does, else why not.
    public func rejection(of data: Data) -> String? {
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        guard head.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).first == "{" else {
            return "not a JSON object"
        }
        let keys = ["\"guild\"", "\"channel\"", "\"messages\""].filter { !head.contains($0) }
        return keys.isEmpty ? nil : "no \(keys.joined(separator: ", ")) key near the start"
    }

    /// Imports one export file, streaming its `messages` one record at a time.
    /// - Parameters:
    ///   - data: The file's bytes (UTF-8 JSON).
    ///   - file: The file name used in errors and diagnostics.
    /// - Returns: A transcript with one channel, messages in file order, duplicates merged.
    /// - Throws: ``ImportError/syntax(file:offset:line:expected:)`` for malformed JSON,
    ///   ``ImportError/schema(file:path:expected:)`` for a missing field or a value of the wrong
    ///   type outside the messages. A message that cannot be read (a missing field, a wrong type,
    ///   a timestamp that is not RFC 3339 in the years 0001–9999) is skipped and reported instead;
    ///   a file cut short keeps the messages before the break.
    /// - Complexity: O(bytes); memory holds the messages read and one record being read.
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

    /// Imports the export in `bytes`; with a `sink`, each message is handed to it as soon as it is
    /// read instead of being kept (duplicate ids are then the sink's to resolve), and the result's
    /// channel has no messages.
    func importTranscript(_ bytes: InputBytes, file: String, sink: (any MessageSink)?) throws(ImportError) -> ImportResult {
        var reading = DiscordExportReading(file: file, sink: sink)
        let gate = sink.map { _ in
            JSONRecordGate(member: "id", offering: { reading.isOffering }, decide: { reading.offer($0) }, built: { reading.show($0) })
        }
        let outcome = try StreamedJSON.read(bytes, file: file, lists: ["messages"], tapeLists: ["messages"], gate: gate) { event in
            reading.take(event)
        }
        if let failure = reading.failure { throw failure }
        if let envelope = outcome.envelope {
            try reading.finish(envelope)
            guard case .array = envelope["messages"] ?? .null else {
                let found = envelope["messages"]
                throw .schema(
                    file: file, path: "messages", expected: found == nil ? "a required \"messages\" field" : "a value of type array")
            }
        }
        guard let export = reading.export else {
            throw .syntax(
                file: file, offset: nil, line: nil, expected: "the rest of the JSON document and its channel, found the end of the file")
        }
        let channelID = ChannelID(export.channel.id)
        var channel = Self.channel(export)
        channel.messages = reading.messages
        var directory = reading.converter?.directory ?? Directory()
        directory.channels[channelID.rawValue] = channel.name
        let title = export.guild?.name ?? channel.name
        return ImportResult(
            transcript: Transcript(title: title, channels: [channel], directory: directory),
            diagnostics: reading.diagnostics + outcome.diagnostics, format: .discordChatExporter)
    }

    /// The export's channel, without messages: its guild's name, and a thread's parent channel
    /// (the `categoryId` DiscordChatExporter writes for a thread).
    static func channel(_ export: DiscordExport) -> Channel {
        var channel = Channel(
            id: ChannelID(export.channel.id), name: export.channel.name ?? export.channel.id, topic: export.channel.topic,
            kind: channelKind(export.channel.type), category: export.channel.category)
        channel.guild = export.guild?.name
        if channel.kind == .thread { channel.parent = export.channel.categoryId.map { ChannelID($0) } }
        return channel
    }

    static func channelKind(_ type: String?) -> Channel.Kind {
        switch type {
        case "GuildTextChat", "GuildForum": return .text
        case "GuildPublicThread", "GuildPrivateThread", "GuildNewsThread": return .thread
        case "DirectTextChat": return .direct
        case "DirectGroupTextChat": return .group
        case "GuildVoiceChat", "GuildStageVoice": return .voice
        case "GuildNews": return .announcement
        default: return .other
        }
    }
}
