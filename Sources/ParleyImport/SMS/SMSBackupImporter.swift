import Foundation
import ParleyModel
import ParleyXML

/// Reads Android "SMS Backup & Restore" XML (SyncTech): `<smses>` holding `<sms>` and `<mms>`
/// elements, MMS with `<parts>` and `<addrs>`.
///
/// The file is streamed with libxml2's reader (``XMLStreamReader``), twice — first for the
/// conversations (``SMSConversationDirectory``), then for the messages — so memory stays at one
/// message and the conversations whatever the backup's size; inline MMS media is measured and
/// checked, and — given ``ImportOptions/mediaFolder`` — decoded into that folder as it streams,
/// each part's attachment naming its file by an RFC 6920 `ni:` URI (``SMSPartFile``). Each
/// conversation (address, or address set for a group) becomes a channel, its phone numbers read in
/// E.164 form (``SMSConversations``: `(415) 555-0199` and `+1 415-555-0199` are one conversation;
/// `--phone-region`, else the region most numbers written with a country code belong to). Messages
/// the owner sent are outgoing, written by `--me NAME` (default "Me"). UTF-16 surrogate references
/// (`&#55357;&#56397;`, Android's emoji) are read as the character they encode, a lone one as
/// U+FFFD (reported); an MMS part past 10 MB is read like any other (``XMLStreamReader``). A
/// message libxml2 refuses (a raw `&`, `&nbsp;`, invalid UTF-8, a `body` past 10 MB, …) is skipped
/// with its line named and the messages after it are read (``SMSBackupStream``); a truncated file
/// keeps the messages read before the break and reports how many there are.
public struct SMSBackupImporter: Sendable {
    /// `--me` names the owner of the backup (default "Me"); `--phone-region` is where numbers
    /// written without a country code were dialled.
    public var options: ImportOptions

    /// An importer using `options`.
    public init(options: ImportOptions = ImportOptions()) { self.options = options }

    /// Whether `data` starts like an SMS backup: XML whose first element is `<smses`.
    /// Returns nil when it does, else why not.
    public func rejection(of data: Data) -> String? {
        let head = String(decoding: data.prefix(4096), as: UTF8.self)
        guard head.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).hasPrefix("<") else { return "not XML" }
        var rest = Substring(head)
        while let open = rest.firstIndex(of: "<") {
            let tag = rest[rest.index(after: open)...]
            if tag.hasPrefix("?") || tag.hasPrefix("!") {
                guard let close = tag.firstIndex(of: ">") else { return "no <smses> element near the start" }
                rest = tag[tag.index(after: close)...]
                continue
            }
            return tag.hasPrefix("smses") ? nil : "the first element is not <smses>"
        }
        return "no <smses> element near the start"
    }

    /// Imports a backup held in memory.
    /// - Throws: ``ImportError/syntax(file:offset:line:expected:)`` when the XML is malformed
    ///   before any message could be read.
    public func importTranscript(_ data: Data, file: String) throws(ImportError) -> ImportResult {
        try collected { (folder) throws(ImportError) in
            let partData = SMSPartData(folder: folder)
            do throws(XMLStreamError) {
                return SMSBackupStream(
                    reader: try XMLStreamReader(data: data, name: file, diverting: partData.diversion), partData: partData)
            } catch {
                throw .unreadable(file: file, reason: error.description)
            }
        }
    }

    /// Imports the backup at `path`, streaming it.
    /// - Throws: ``ImportError/unreadable(file:reason:)`` when it cannot be opened, or as
    ///   ``importTranscript(_:file:)``.
    public func importFile(_ path: String) throws(ImportError) -> ImportResult {
        try collected { (folder) throws(ImportError) in try Self.open(path, folder: folder) }
    }

    /// Imports the backup at `path`, handing each message to `sink` with its conversation's channel
    /// as soon as it is read (conversations interleave as in the file).
    /// - Returns: the backup without messages — its channels, in order of first appearance — and the diagnostics.
    /// - Throws: as ``importFile(_:)``, before any message reached `sink`.
    func importFile(_ path: String, sink: some MessageSink) throws(ImportError) -> ImportResult {
        try read({ (folder) throws(ImportError) in try Self.open(path, folder: folder) }) { message, channel in
            sink.accept(
                message, in: channel, at: RecordLocation(file: path, place: "channel \"\(channel.name)\", message \"\(message.id)\""))
        }
    }

    /// "a UTF-16 surrogate character reference", or "`count` UTF-16 surrogate character references".
    private static func count(_ count: Int) -> String {
        count == 1 ? "a UTF-16 surrogate character reference" : "\(count) UTF-16 surrogate character references"
    }

    /// A stream of the backup at `path`, its parts' data diverted past libxml2 (and decoded into
    /// `folder`, when given).
    private static func open(_ path: String, folder: URL?) throws(ImportError) -> SMSBackupStream {
        let partData = SMSPartData(folder: folder)
        do throws(XMLStreamError) {
            return SMSBackupStream(reader: try XMLStreamReader(path: path, diverting: partData.diversion), partData: partData)
        } catch {
            throw .unreadable(file: path, reason: error.description)
        }
    }

    /// Reads the backup whole: the messages ``read(_:emit:)`` hands on, collected by channel.
    private func collected(_ open: (URL?) throws(ImportError) -> SMSBackupStream) throws(ImportError) -> ImportResult {
        var messages: [ChannelID: [Message]] = [:]
        var result = try read(open) { message, channel in messages[channel.id, default: []].append(message) }
        for index in result.transcript.channels.indices {
            result.transcript.channels[index].messages = messages.removeValue(forKey: result.transcript.channels[index].id) ?? []
        }
        return result
    }

    /// Reads the backup twice, each time from a reader `open` gives: first its conversations
    /// (``SMSConversationDirectory``), then its messages, each handed to `emit` with its channel
    /// as soon as it is read — their MMS parts' data decoded into ``ImportOptions/mediaFolder``,
    /// when given, on this second pass only. Memory: one message, and the conversations.
    /// - Returns: the backup's channels without messages, and the diagnostics.
    private func read(
        _ open: (URL?) throws(ImportError) -> SMSBackupStream, emit: (Message, Channel) -> Void
    ) throws(ImportError) -> ImportResult {
        var directory = SMSConversationDirectory()
        var survey = try open(nil)
        do throws(XMLStreamError) {
            while let record = try survey.next() { directory.add(record) }
        } catch {
            if let partial = survey.pending { directory.add(partial) }
        }
        let conversations = directory.resolved(region: options.phoneRegion)
        var stream = try open(options.mediaFolder)
        let file = stream.reader.name
        var builder = SMSConversationBuilder(file: file, owner: options.me ?? "Me", conversations: conversations)
        var diagnostics: [Diagnostic] = []
        do throws(XMLStreamError) {
            while let record = try stream.next() {
                let (message, channel) = builder.message(record)
                emit(message, channel)
            }
        } catch {
            guard case let .malformed(file, line, offset, message) = error else {
                throw .unreadable(file: file, reason: error.description)
            }
            if let partial = stream.pending {
                let (message, channel) = builder.message(partial)
                emit(message, channel)
            }
            guard builder.count > 0 else {
                throw .syntax(
                    file: file, offset: offset, line: line,
                    expected: "well-formed SMS Backup & Restore XML (\(message)); no message could be read")
            }
            let kept = stream.pending.map { " (the last, an <mms> from line \($0.line), is incomplete)" } ?? ""
            diagnostics.append(
                Diagnostic(
                    file: file, location: "line \(line), byte \(offset)",
                    message: "the XML breaks off or is malformed (\(message)); kept the \(builder.count) messages read before it\(kept)"))
        }
        let surrogates = stream.surrogates
        if surrogates.loneSurrogates > 0 {
            diagnostics.append(
                Diagnostic(
                    file: file, location: "line \(surrogates.firstLoneLine ?? 0), byte \(surrogates.firstLoneByteOffset ?? 0)",
                    message: "\(Self.count(surrogates.loneSurrogates)) without its pair (emoji are written as two, such as "
                        + "&#55357;&#56397;) read as U+FFFD; the first is here"))
        }
        for problem in stream.problems {
            diagnostics.append(Diagnostic(file: file, location: "line \(problem.line)", message: problem.message))
        }
        diagnostics += builder.diagnostics
        if let declared = stream.declaredCount, declared != builder.count {
            diagnostics.append(
                Diagnostic(
                    file: file, location: "<smses count>",
                    message: "the backup declares \(declared) messages; \(builder.count) were read"))
        }
        var names = Directory()
        for channel in conversations.channels { names.channels[channel.id.rawValue] = channel.name }
        return ImportResult(
            transcript: Transcript(title: "SMS backup", channels: conversations.channels, directory: names), diagnostics: diagnostics,
            format: .smsBackup)
    }
}
