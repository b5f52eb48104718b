import Foundation
import ParleyJSON
import ParleyModel

/// Reads Element's JSON room export (one room, its events in timeline order).
///
/// `m.room.message` (text, notice, emote, image, file, video, audio; other msgtypes as their
/// `body`) and `m.sticker` become messages; edits (`m.replace`) are folded into the original,
/// reactions (`m.annotation`) counted on it, redacted messages shown as deleted, replies
/// (`m.in_reply_to`) linked. Membership, name, topic, avatar, encryption and creation state
/// events become system messages; other events are counted in one diagnostic. The grouping
/// rule is Element's (``GroupingPolicy/element``).
public struct MatrixImporter: Sendable {
    /// An importer of Element room exports.
    public init() {}

    /// Whether `data` looks like an Element export: a JSON object with `"room_name"` or
    /// `"messages"`, and Matrix events (`"origin_server_ts"` and `"event_id"`) near the start.
    /// Returns nil when it does, else why not.
    public func rejection(of data: Data) -> String? {
        let sniffer = JSONSniffer(data)
        guard sniffer.isObject else { return "not a JSON object" }
        guard sniffer.hasKey("messages") else { return "no \"messages\" key near the start" }
        guard sniffer.hasKey("origin_server_ts"), sniffer.hasKey("event_id") else {
            return "no Matrix event (\"event_id\", \"origin_server_ts\") near the start"
        }
        return nil
    }

    /// Imports one export file, streaming its `messages` one event at a time, twice: first for
    /// what applies across events (edits, reactions, redactions, display names), then for the
    /// messages.
    /// - Parameters:
    ///   - data: The file's bytes (UTF-8 JSON).
    ///   - file: The file name used in errors and diagnostics.
    /// - Returns: One channel (the room), messages in file order.
    /// - Throws: ``ImportError/syntax(file:offset:line:expected:)`` for malformed JSON, and for a
    ///   file cut short before its `messages`; ``ImportError/schema(file:path:expected:)`` for a
    ///   value of the wrong type outside the events. An event that cannot be read (a wrong type,
    ///   no `sender` or `origin_server_ts`) is skipped and reported instead; a file cut short
    ///   keeps the events before the break.
    /// - Complexity: O(n) for n events, each parsed and decoded twice; memory holds the messages
    ///   converted, the relations (``MatrixRelations``), the users' names and one record being read.
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

    /// Imports the export in `bytes`; with a `sink`, each message is handed to it as soon as the
    /// second pass reads it, its edits, reactions and redaction applied, instead of being kept
    /// (duplicate event ids are then the sink's to resolve), and the result's channel has no
    /// messages: memory then holds no message, only the relations and the users' names.
    func importTranscript(_ bytes: InputBytes, file: String, sink: (any MessageSink)?) throws(ImportError) -> ImportResult {
        var timeline = MatrixTimeline(file: file)
        var diagnostics: [Diagnostic] = []
        let decoder = JSONValueDecoder()
        let outcome = try StreamedJSON.read(bytes, file: file, lists: ["messages"]) { event in
            guard case let .record(_, path, index, value) = event,
                let event = Lossy<MatrixEvent>.record(value, at: path, decoder: decoder, file: file, diagnostics: &diagnostics)
            else { return }
            timeline.scan(event, position: index)
        }
        let export = try StreamedJSON.decode(MatrixExport.self, from: outcome.envelopeRead, file: file, decoder: decoder)
        let name = export.room_name.flatMap { $0.isEmpty ? nil : $0 } ?? timeline.roomID ?? "Matrix room"
        if let roomID = timeline.roomID {
            timeline.channel = ChannelID(roomID)
        } else {
            var hash = FNV1a()
            hash.add(name)
            timeline.channel = ChannelID("room-" + SyntheticMessageID.hex(hash.value))
        }
        var channel = Channel(id: timeline.channel, name: name, topic: export.topic.flatMap { $0.isEmpty ? nil : $0 }, kind: .group)
        var messages: [Message] = []
        var positionByID: [MessageID: (kept: Int, record: Int)] = [:]
        var unreadAgain: [Diagnostic] = []
        _ = try StreamedJSON.read(bytes, file: file, lists: ["messages"]) { [channel] event in
            guard case let .record(_, path, index, value) = event,
                let event = Lossy<MatrixEvent>.record(value, at: path, decoder: decoder, file: file, diagnostics: &unreadAgain),
                let message = timeline.message(event, position: index)
            else { return }
            if let sink { return sink.accept(message, in: channel, at: RecordLocation(file: file, place: path)) }
            if let existing = positionByID[message.id] {
                timeline.diagnostics.append(
                    Diagnostic(
                        file: file, location: path,
                        message: "duplicate event id \(message.id) (first seen at messages[\(existing.record)]); merged, later copy kept"))
                messages[existing.kept] = message
                positionByID[message.id] = (existing.kept, index)
            } else {
                positionByID[message.id] = (messages.count, index)
                messages.append(message)
            }
        }
        timeline.finish()
        channel.messages = messages
        var directory = Directory(users: timeline.displayNames)
        directory.channels[channel.id.rawValue] = name
        return ImportResult(
            transcript: Transcript(title: name, channels: [channel], directory: directory),
            diagnostics: outcome.diagnostics + diagnostics + timeline.diagnostics, format: .matrix, groupingPolicy: .element, file: file)
    }
}
