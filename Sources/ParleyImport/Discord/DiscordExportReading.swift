import ParleyEventCodec
import ParleyJSON
import ParleyModel

/// The state of one DiscordChatExporter import while its `messages` stream in: the export's
/// channel (from the members before `messages`, or from the whole envelope when `channel`
/// comes after them), the messages converted so far with duplicates merged, and what was skipped.
///
/// With a sink that knows records (``MessageSink/knownRecords(in:reader:)``), each record is
/// offered before it is built (``offer(_:)``): one the sink holds byte for byte is handed over as
/// known and not built; every other one is handed over with its source digest.
struct DiscordExportReading {
    let file: String
    private(set) var export: DiscordExport?
    private(set) var converter: DiscordMessageConverter?
    private(set) var messages: [Message] = []
    private(set) var diagnostics: [Diagnostic] = []
    /// The first error that fails the whole import (the channel cannot be read).
    private(set) var failure: ImportError?
    /// Each message id kept: its index in ``messages`` and the record it came from.
    private var positionByID: [MessageID: (index: Int, location: RecordLocation)] = [:]
    /// Records read before the channel was known, by index.
    private var waiting: [(index: Int, tape: JSONTape)] = []
    private let decoder = JSONValueDecoder()
    /// The authors of the messages read so far, by their objects.
    private var authors = DiscordAuthorCache()
    /// Where each message goes as soon as it is converted, instead of ``messages``.
    private let sink: (any MessageSink)?
    /// The export's channel without messages, once known.
    private var channel: Channel?
    /// The records the sink holds for the channel, while its `messages` are read.
    private var known: KnownRecords?
    /// The source digest of the record being built (its index, its digest).
    private var digest: (index: Int, value: UInt64)?
    /// What the reading of a record depends on besides its bytes: this reader and its version.
    static let reader = "discordchatexporter 1"

    init(file: String, sink: (any MessageSink)? = nil) {
        self.file = file
        self.sink = sink
    }

    mutating func take(_ event: JSONStreamEvent) {
        guard failure == nil else { return }
        switch event {
        case let .listStarted(_, _, enclosing):
            if enclosing["channel"] != nil { start(enclosing) }
            if let sink, let channel, converter != nil { known = sink.knownRecords(in: channel, reader: Self.reader) }
        case let .tapedRecord(_, _, index, tape):
            if converter == nil { waiting.append((index, tape)) } else { convert(tape, index: index) }
        case let .record(_, _, index, value):
            // The importer asks for tapes; a tree is read as its tape all the same.
            if converter == nil { waiting.append((index, JSONTape(value))) } else { convert(JSONTape(value), index: index) }
        case .listEnded: known = nil
        }
    }

    /// Whether records are offered (``offer(_:)``): the sink holds some of the channel's.
    var isOffering: Bool { known?.isEmpty == false }

    /// Hands `record` over as known and returns true when the sink holds it byte for byte and its
    /// id was not met before in the list; false to build it.
    mutating func offer(_ record: JSONRecordGate.RawRecord) -> Bool {
        guard failure == nil, let seed = known?.seed, let sink, let channel, let id = record.member else { return false }
        // Claimed in place: a copy of the table would copy its bits at every record.
        guard known?.claim(id: id, digest: KnownRecords.digest(of: record.bytes, seed: seed)) == true else { return false }
        sink.acceptKnown(
            MessageID(String(decoding: id, as: UTF8.self)), in: channel, at: RecordLocation(file: file, place: "messages[\(record.index)]"))
        return true
    }

    /// Takes the source digest of `record`, about to be converted.
    mutating func show(_ record: JSONRecordGate.RawRecord) {
        guard let seed = known?.seed else { return }
        digest = (record.index, KnownRecords.digest(of: record.bytes, seed: seed))
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
            for record in waiting { convert(record.tape, index: record.index) }
            waiting = []
        } catch let error as DecodingError {
            failure = ImportError(JSONErrorLocation.schemaError(error), file: file)
        } catch {
            failure = .schema(file: file, path: "$", expected: "\(error)")
        }
    }

    private mutating func convert(_ tape: JSONTape, index: Int) {
        let path = "messages[\(index)]"
        guard converter != nil else { return }
        let message: Message
        do {
            // Converted in place: a copy of the converter would copy its directory at every record.
            message = try converter!.convert(DiscordMessage(JSONRecord(tape, file: file, path: path), authors: &authors), path: path)
        } catch {
            return diagnostics.append(.skipped(error, file: file, location: path))
        }
        let location = RecordLocation(file: file, place: path)
        if let sink, let channel {
            known?.meet(message.id.rawValue)
            return sink.accept(message, in: channel, at: location, sourceDigest: digest?.index == index ? digest?.value : nil)
        }
        if let existing = positionByID[message.id] {
            diagnostics.append(.duplicate(id: message.id.rawValue, at: location, firstSeenAt: existing.location))
            messages[existing.index] = message
        } else {
            positionByID[message.id] = (messages.count, location)
            messages.append(message)
        }
    }
}
