import Foundation
import ParleyModel

/// The second pass over a WhatsApp export: turns each header of the export's shape and the lines
/// after it into a message, handed on as soon as the next header (or the end) shows that its
/// last continuation line was read. Holds one message's lines at a time.
///
/// A line that starts like a header of another shape, or like a header of the export's shape
/// whose date is not valid in the export's order, is a line of the message before it, with a
/// diagnostic. Such lines before the first message (and the lines after them) become a message
/// of their own, of the system author at the first message's time, so that no line is lost.
struct WhatsAppMessageAssembler {
    /// A message whose continuation lines are still being read.
    private struct Pending {
        var header: WhatsAppHeader
        /// The header's wall-clock time, its fields read as UTC.
        var wall: Timestamp
        /// The header line after its header.
        var first: String
        /// The lines after the header line, as in the file (`\n` and `\r` kept).
        var continuation: [UInt8] = []
    }

    let plan: WhatsAppChatPlan
    let file: String
    /// The channel every message belongs to (no messages of its own).
    let channel: Channel
    /// Sizes of the files in a zip export, by name.
    let media: [String: Int64]
    /// `--me`, cleaned like an author name; else the exporter the export names
    /// (``WhatsAppChatPlan/exporter``).
    let me: String?
    private var scanner = WhatsAppHeaderScanner()
    private var ids: SyntheticMessageID
    private var zone: WhatsAppZone
    private var pending: Pending?
    /// The lines before the first message, as in the file.
    private var leading: [UInt8] = []
    /// The author of system lines: no name, so the page shows no author before them.
    static let system = Author(id: AuthorID("whatsapp:system"), name: "")
    /// Lines that start like a header but start no message, each reported where it was kept.
    private(set) var diagnostics: [Diagnostic] = []

    /// - Parameter timeZone: the zone wall-clock times are taken in (``WhatsAppZone``).
    init(plan: WhatsAppChatPlan, file: String, channel: Channel, media: [String: Int64], me: String?, timeZone: TimeZone) {
        self.plan = plan
        self.file = file
        self.channel = channel
        self.media = media
        self.me = me.map { WhatsAppCharacters.clean(Substring($0)) } ?? plan.exporter
        ids = SyntheticMessageID(revisited: plan.revisited)
        zone = WhatsAppZone(timeZone)
    }

    /// Takes the next line, handing `emit` the message before it when the line starts a new one.
    mutating func add(_ line: WhatsAppLineSplitter.Line, _ emit: (Message) -> Void) {
        let content = line.content
        if let header = scanner.scan(content) {
            let reason: String
            if header.shape != plan.shape {
                reason = "starts like a message header of another layout"
            } else if let date = WhatsAppClock.date(header, order: plan.order) {
                let wall = WhatsAppClock.timestamp(header, date: date) ?? Timestamp(milliseconds: 0)
                if let done = pending { emit(message(done)) } else if let first = leadingMessage(at: wall) { emit(first) }
                pending = Pending(header: header, wall: wall, first: WhatsAppShapeTally.body(header, content))
                return
            } else {
                reason =
                    "starts like a message header, but \"\(WhatsAppShapeTally.headerText(header, content))\" is no date in "
                    + "\(plan.order.spelledOut) order"
            }
            let kept = pending == nil ? "kept in a message of its own before the first message" : "kept as a line of the message before it"
            diagnostics.append(Diagnostic(file: file, location: "line \(line.number)", message: "\(reason); \(kept)"))
        }
        if pending == nil {
            if leading.isEmpty, WhatsAppSurvey.isBlank(content) { return }
            leading.append(contentsOf: line.bytes)
            if line.terminated { leading.append(0x0A) }
            return
        }
        pending?.continuation.append(contentsOf: line.bytes)
        if line.terminated { pending?.continuation.append(0x0A) }
    }

    /// The lines before the first message as a system message at `wall`, the first message's
    /// wall-clock time; nil when there are none.
    private mutating func leadingMessage(at wall: Timestamp) -> Message? {
        defer { leading = [] }
        guard let text = Self.continuationText(leading) else { return nil }
        let id = ids.next(timestamp: wall, author: "", text: text)
        return Message(
            id: id, channel: channel.id, author: Self.system, timestamp: zone.instant(ofWall: wall), kind: .system,
            content: Content(text: text, flavor: .whatsapp))
    }

    /// Ends the export, handing `emit` the last message.
    mutating func finish(_ emit: (Message) -> Void) {
        if let done = pending { emit(message(done)) }
        pending = nil
    }

    private mutating func message(_ pending: Pending) -> Message {
        let continuation = Self.continuationText(pending.continuation)
        let first = pending.first
        let body = WhatsAppBody(
            line: Substring(first), continuation: continuation, knownAuthors: plan.authors, markedLine: pending.header.leadingMark)
        let wall = pending.wall
        let timestamp = zone.instant(ofWall: wall)
        let author = body.author.map { Author(id: AuthorID($0), name: $0) } ?? Self.system
        let id = ids.next(timestamp: wall, author: body.writtenName ?? "", text: continuation.map { first + "\n" + $0 } ?? first)
        var message = Message(
            id: id, channel: channel.id, author: author, timestamp: timestamp,
            kind: Self.kind(body), content: Content(text: body.text, flavor: .whatsapp))
        message.attachments = body.attachments.enumerated().map { position, attachment in
            var attachment = attachment
            attachment.id = "\(id.rawValue)-\(position)"
            if !attachment.url.isEmpty { attachment.sizeBytes = media[attachment.url] }
            return attachment
        }
        if let me, let name = body.author { message.isOutgoing = name == me }
        return message
    }

    /// The lines after a header line as text, `\r\n` made `\n`, without trailing line breaks;
    /// nil when nothing is left.
    private static func continuationText(_ bytes: [UInt8]) -> String? {
        guard !bytes.isEmpty else { return nil }
        var text = String(decoding: bytes, as: UTF8.self)
        if bytes.contains(UInt8(ascii: "\r")) { text = text.replacingOccurrences(of: "\r\n", with: "\n") }
        while text.last == "\n" || text.last == "\r" { text.removeLast() }
        return text.isEmpty ? nil : text
    }

    /// A system line's kind (``systemKind(_:)``), ``Message/Kind/deleted`` for a deletion marker
    /// (``WhatsAppDeletedText``), else `default`.
    static func kind(_ body: WhatsAppBody) -> Message.Kind {
        guard body.author != nil else { return systemKind(body.text) }
        return body.attachments.isEmpty && WhatsAppDeletedText.marker(Substring(body.text)) != nil ? .deleted : .default
    }

    /// English system lines mapped to message kinds; other system lines are ``Message/Kind/system``.
    static func systemKind(_ text: String) -> Message.Kind {
        if text.hasSuffix(" joined using this group's invite link") || text.hasSuffix(" joined") || text.hasSuffix(" added")
            || WhatsAppCharacters.contains(text, " added ")
            || text.hasSuffix(" added you")
        {
            return .memberJoined
        }
        if text.hasSuffix(" left") || WhatsAppCharacters.contains(text, " removed ") { return .memberLeft }
        if WhatsAppCharacters.contains(text, " changed the subject ") || WhatsAppCharacters.contains(text, " changed the group name") {
            return .channelRenamed
        }
        return .system
    }
}
