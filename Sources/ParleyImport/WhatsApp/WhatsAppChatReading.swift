import ParleyModel

/// Reads one WhatsApp chat in two passes over its text, a chunk at a time, holding neither the
/// text nor its messages: the first (``WhatsAppSurvey``) finds the header shape, checks the
/// headers and decides the date order; the second (``WhatsAppMessageAssembler``) hands on each
/// message as soon as its last line is read. The whole-file import collects what this hands on,
/// so both paths give the same messages.
enum WhatsAppChatReading {
    /// The bytes read at once from a chat file or a chat in memory.
    static let chunkSize = 1 << 20

    /// Reads the chat in `source`, handing `emit` each message and its channel in file order.
    /// - Parameters:
    ///   - file: the name used in errors; `chatName`: the channel's name (empty: named after its
    ///     participants, ``participantsName(_:)``); `media`: sizes of the
    ///     files beside the chat in a zip export, by name.
    ///   - formerIDs: the ids earlier versions of Parley gave the chat
    ///     (``WhatsAppArchive/formerChannelIDs(fromFile:)``); the channel keeps those other than its id.
    ///   - chunkSize: the bytes read at once (tests read a byte at a time).
    /// - Returns: the chat without messages — its one channel, its authors — and the diagnostics.
    /// - Throws: as ``WhatsAppSurvey/plan(file:)``, and the source's errors; both before any message is emitted.
    /// - Complexity: O(n) time in the text's bytes, twice read; memory for a chunk, the longest
    ///   message, and what ``WhatsAppShapeTally`` keeps.
    static func read(
        _ source: InputBytes, file: String, chatName: String, media: [String: Int64], formerIDs: [ChannelID] = [],
        options: ImportOptions, chunkSize: Int = chunkSize, emit: (Message, Channel) -> Void
    ) throws(ImportError) -> ImportResult {
        var transcodes = true
        let plan = try survey(source, file: file, chunkSize: chunkSize, options: options, transcodes: &transcodes).plan(file: file)
        let chatName = chatName.isEmpty ? Self.participantsName(plan.authors) : chatName
        var channel = Channel(id: ChannelID("whatsapp:" + chatName), name: chatName, kind: plan.authors.count > 2 ? .group : .direct)
        channel.formerIDs = formerIDs.filter { $0 != channel.id }
        var decoder = WhatsAppTextDecoder(transcodes: transcodes)
        var lines = WhatsAppLineSplitter()
        var assembler = WhatsAppMessageAssembler(
            plan: plan, file: file, channel: channel, media: media, me: options.me, timeZone: options.timeZone)
        try source.readChunks(size: chunkSize, file: file) { chunk in
            decoder.feed(chunk) { text in lines.feed(text) { line in assembler.add(line) { emit($0, channel) } } }
        }
        decoder.finish { text in lines.feed(text) { line in assembler.add(line) { emit($0, channel) } } }
        lines.finish { line in assembler.add(line) { emit($0, channel) } }
        assembler.finish { emit($0, channel) }
        var directory = Directory()
        for name in plan.authors { directory.users[name] = name }
        return ImportResult(
            transcript: Transcript(title: chatName, channels: [channel], directory: directory),
            diagnostics: plan.diagnostics + assembler.diagnostics, format: .whatsApp)
    }

    /// The name of a chat whose file names none (a `_chat.txt` outside a named folder): its
    /// authors in code-point order, joined by ", " (`Ana, Bo`); `chat` when it has none.
    static func participantsName(_ authors: Set<String>) -> String {
        authors.isEmpty ? "chat" : authors.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }.joined(separator: ", ")
    }

    /// The first pass, on two cores for a large file (``WhatsAppSplitSurvey``); reads the text again without transcoding when it starts like UTF-16 but is
    /// not valid UTF-16 (`transcodes` is then false).
    private static func survey(
        _ source: InputBytes, file: String, chunkSize: Int, options: ImportOptions, transcodes: inout Bool
    ) throws(ImportError) -> WhatsAppSurvey {
        if let survey = try WhatsAppSplitSurvey.survey(source, file: file, chunkSize: chunkSize, forced: options.dateOrder) {
            return survey
        }
        while true {
            var decoder = WhatsAppTextDecoder(transcodes: transcodes)
            var lines = WhatsAppLineSplitter()
            var survey = WhatsAppSurvey(forced: options.dateOrder)
            try source.readChunks(size: chunkSize, file: file) { chunk in
                decoder.feed(chunk) { text in lines.feed(text) { survey.add($0) } }
            }
            decoder.finish { text in lines.feed(text) { survey.add($0) } }
            if decoder.isInvalid {
                transcodes = false
                continue
            }
            lines.finish { survey.add($0) }
            return survey
        }
    }
}
