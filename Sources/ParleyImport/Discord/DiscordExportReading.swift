import ParleyEventCodec
import ParleyJSON
import ParleyModel

/// The state of one DiscordChatExporter import while its `messages` stream in: the export's
/// channel (from the members before `messages`, or from the whole envelope when `channel`
/// comes after them), the messages converted so far with duplicates merged, and what was skipped.
struct DiscordExportReading {
    let file: String
    private(set) var export: DiscordExport?
    private(set) var converter: DiscordMessageConverter?
    private(set) var messages: [Message] = []
    private(set) var diagnostics: [Diagnostic] = []
    /// The first error that fails the whole import (the channel cannot be read).
    private(set) var failure: ImportError?
    /// Each message id kept: its place in ``messages`` and the index of its record in the file's
    /// `messages` (they differ once a record was skipped).
    private var positionByID: [MessageID: (kept: Int, record: Int)] = [:]
    /// Records read before the channel was known, by index.
    private var waiting: [(index: Int, value: JSONValue)] = []
    private let decoder = JSONValueDecoder()
    /// Where each message goes as soon as it is converted, instead of ``messages``.
    private let sink: (any MessageSink)?
    /// The export's channel without messages, once known.
    private var channel: Channel?

    init(file: String, sink: (any MessageSink)? = nil) {
        self.file = file
        self.sink = sink
    }

    mutating func take(_ event: JSONStreamEvent) {
        guard failure == nil else { return }
        switch event {
        case let .listStarted(_, _, enclosing):
            if enclosing["channel"] != nil { start(enclosing) }
        case let .record(_, _, index, value):
            if converter == nil { waiting.append((index, value)) } else { convert(value, index: index) }
        case .listEnded: break
        }
    }

    /// Reads the channel from the whole document when the members before `messages` lacked
    /// it, then converts the records that waited for it.
    /// - Throws: the error reading the channel.
    mutating func finish(_ envelope: JSONValue) throws(ImportError) {
        if export == nil { start(envelope) }
        if let failure { throw failure }
    }

    private mutating func start(_ envelope: JSONValue) {
        do {
            let export = try decoder.decode(DiscordExport.self, from: envelope)
            self.export = export
            channel = DiscordChatExporterImporter.channel(export)
            converter = DiscordMessageConverter(file: file, channel: ChannelID(export.channel.id))
            for record in waiting { convert(record.value, index: record.index) }
            waiting = []
        } catch let error as DecodingError {
            failure = ImportError(JSONErrorLocation.schemaError(error), file: file)
        } catch {
            failure = .schema(file: file, path: "$", expected: "\(error)")
        }
    }

    private mutating func convert(_ value: JSONValue, index: Int) {
        let path = "messages[\(index)]"
        guard var converter else { return }
        defer { self.converter = converter }
        let message: Message
        do {
            message = try converter.convert(DiscordMessage(JSONRecord(value, file: file, path: path)), path: path)
        } catch {
            return diagnostics.append(.skipped(error, file: file, location: path))
        }
        if let sink, let channel { return sink.accept(message, in: channel, at: path) }
        if let existing = positionByID[message.id] {
            diagnostics.append(
                Diagnostic(
                    file: file, location: path,
                    message: "duplicate message id \(message.id) (first seen at messages[\(existing.record)]); merged, later copy kept"))
            messages[existing.kept] = message
            positionByID[message.id] = (existing.kept, index)
        } else {
            positionByID[message.id] = (messages.count, index)
            messages.append(message)
        }
    }
}
