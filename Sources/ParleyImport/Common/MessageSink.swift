import ParleyModel

/// Where a streaming import hands each message as soon as it is read, so an input's messages are
/// never held together: `parley render` writes them straight into the archive's store.
///
/// ``TranscriptReader/read(contentsOf:format:options:into:)`` calls it with each message that
/// passed ``MessageValidator``, in the order of the input, from the thread that called the read.
public protocol MessageSink: AnyObject {
    /// One message of `channel` (the channel as far as it is known: id, name, topic, kind; its
    /// `messages` empty), found at `location` (the file within a bundled input and the place in
    /// it, `export/general.json`, `messages[12]`), for diagnostics.
    func accept(_ message: Message, in channel: Channel, at location: RecordLocation)
}

/// The sink a reader hands messages to: replaces the control characters of each message's texts
/// (``ControlCharacters``), marks `--me`'s messages outgoing (``OutgoingMarker``), then checks it with ``MessageValidator``, reporting and skipping one it
/// refuses (the odd-record rule), and counts what it passed on.
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

    func accept(_ message: Message, in channel: Channel, at location: RecordLocation) {
        var message = ControlCharacters.replaced(in: message)
        if let outgoing { message = outgoing.marked(message) }
        do {
            try validator.validate(message)
        } catch {
            diagnostics.append(
                .skipped(file: file, location: "channel \"\(channel.name)\", message \"\(message.id)\"", reason: error.description))
            return
        }
        accepted += 1
        target.accept(message, in: channel, at: location)
    }
}
