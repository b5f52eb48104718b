import ParleyModel

/// Where a streaming import hands each message as soon as it is read, so an input's messages are
/// never held together: `parley render` writes them straight into the archive's store.
///
/// ``TranscriptReader/read(contentsOf:format:options:into:)`` calls it with each message that
/// passed ``MessageValidator``, in the order of the input, from the thread that called the read.
///
/// A sink that keeps the source digests of what it stores (``knownRecords(in:reader:)``) lets a
/// JSON importer pass over the records it already holds byte for byte: each is handed over as
/// ``acceptKnown(_:in:at:)`` instead, and every record read is given with its digest.
public protocol MessageSink: AnyObject {
    /// One message of `channel` (the channel as far as it is known: id, name, topic, kind; its
    /// `messages` empty), found at `location` (the file within a bundled input and the place in
    /// it, `export/general.json`, `messages[12]`), for diagnostics; `sourceDigest` is its input
    /// record's (``KnownRecords/digest(of:seed:)``), when the importer took one.
    func accept(_ message: Message, in channel: Channel, at location: RecordLocation, sourceDigest: UInt64?)

    /// The records of `channel` the sink holds, for an importer (named `reader`, with its version:
    /// what its reading depends on) about to read the channel's record list; nil when the sink
    /// keeps no source digests. Asked once per record list, before its first record.
    func knownRecords(in channel: Channel, reader: String) -> KnownRecords?

    /// A record ``knownRecords(in:reader:)`` holds, met again at `location`: the message `id` is
    /// as the sink holds it.
    func acceptKnown(_ id: MessageID, in channel: Channel, at location: RecordLocation)
}

extension MessageSink {
    /// One message, without a source digest.
    public func accept(_ message: Message, in channel: Channel, at location: RecordLocation) {
        accept(message, in: channel, at: location, sourceDigest: nil)
    }

    /// No known records: every record is read.
    public func knownRecords(in channel: Channel, reader: String) -> KnownRecords? { nil }

    public func acceptKnown(_ id: MessageID, in channel: Channel, at location: RecordLocation) {
        preconditionFailure("a sink without known records is handed none")
    }
}

/// The sink a reader hands messages to: replaces the control characters of each message's texts
/// (``ControlCharacters``), marks `--me`'s messages outgoing (``OutgoingMarker``), then checks it with ``MessageValidator``, reporting and skipping one it
/// refuses (the odd-record rule), and counts what it passed on. A known record was checked when it
/// was stored: it is counted and passed on, and `--me` joins the reader's name (it changes what
/// is read).
final class ValidatingSink: MessageSink {
    let target: any MessageSink
    let file: String
    /// Messages refused, as diagnostics.
    private(set) var diagnostics: [Diagnostic] = []
    /// Messages passed on.
    private(set) var accepted = 0
    private let validator = MessageValidator()
    private let outgoing: OutgoingMarker?

    init(_ target: any MessageSink, file: String, me: String?) {
        self.target = target
        self.file = file
        outgoing = OutgoingMarker(me)
    }

    func accept(_ message: Message, in channel: Channel, at location: RecordLocation, sourceDigest: UInt64?) {
        // Most messages need no change: they are checked and passed on as they are, not copied.
        guard outgoing != nil || ControlCharacters.contains(in: message) else {
            return pass(message, in: channel, at: location, sourceDigest: sourceDigest)
        }
        var changed = ControlCharacters.replaced(in: message)
        if let outgoing { changed = outgoing.marked(changed) }
        pass(changed, in: channel, at: location, sourceDigest: sourceDigest)
    }

    /// Checks `message` and passes it on, or reports and skips it.
    private func pass(_ message: Message, in channel: Channel, at location: RecordLocation, sourceDigest: UInt64?) {
        do {
            try validator.validate(message)
        } catch {
            diagnostics.append(
                .skipped(file: file, location: "channel \"\(channel.name)\", message \"\(message.id)\"", reason: error.description))
            return
        }
        accepted += 1
        target.accept(message, in: channel, at: location, sourceDigest: sourceDigest)
    }

    func knownRecords(in channel: Channel, reader: String) -> KnownRecords? {
        target.knownRecords(in: channel, reader: outgoing.map { "\(reader) me=\($0.me)" } ?? reader)
    }

    func acceptKnown(_ id: MessageID, in channel: Channel, at location: RecordLocation) {
        accepted += 1
        target.acceptKnown(id, in: channel, at: location)
    }
}
