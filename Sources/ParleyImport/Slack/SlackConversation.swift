import ParleyEventCodec
import ParleyJSON
import ParleyModel

/// One conversation of a Slack export while its day files are read, one at a time: each day
/// file's messages are decoded one record at a time, converted and handed on at once; what the
/// conversation keeps between day files is its ``SlackReplyIndex`` (ids only). Both the streamed
/// import and the whole one read day files through ``read(_:day:people:emit:)``, so they convert alike.
struct SlackConversation {
    /// The conversation's folder in the export (its name, or its id for a DM).
    let folder: String
    /// The channel, without messages: id, name, topic, kind.
    let channel: Channel
    /// The export's name, used in diagnostics.
    let export: String
    /// What was skipped or found odd so far, in the order read.
    private(set) var diagnostics: [Diagnostic] = []
    private let converter: SlackMessageConverter
    private var index = SlackReplyIndex()

    init(folder: String, channel: Channel, export: String) {
        self.folder = folder
        self.channel = channel
        self.export = export
        converter = SlackMessageConverter(channel: channel.id)
    }

    /// Reads the day file `day` (`2024-01-02`) from `bytes`, handing each message it converts to
    /// `emit` with its location (the day file as this conversation's diagnostics name it,
    /// `export: general/2024-01-02.json`, and `$[3]`), in file order (a reply also sent to the
    /// channel is two messages, the channel's copy first, both at its record's location).
    /// `people` is everyone known by id, which the messages' own profiles add to
    /// (``SlackMessageConverter/convert(_:people:)``).
    ///
    /// A record that does not decode, or whose `ts` is not a Slack timestamp, is skipped and
    /// reported. A day file that is not valid JSON keeps the messages before the break: the rest of
    /// the file is skipped and reported with the byte and line (so is a day file cut short, or one
    /// that is not a list).
    /// - Throws: ``ImportError/unreadable(file:reason:)`` when the file cannot be read.
    /// - Complexity: O(bytes of the day file); memory for one record at a time.
    mutating func read(
        _ bytes: InputBytes, day: String, people: inout [String: Author], emit: (Message, RecordLocation) -> Void
    ) throws(ImportError) {
        let relative = "\(folder)/\(day).json"
        let file = "\(export): \(relative)"
        var found: [Diagnostic] = []
        // Moved out for the closure below, so that the index and the people are never copied.
        var index = SlackReplyIndex()
        swap(&index, &self.index)
        var known: [String: Author] = [:]
        swap(&known, &people)
        var count = 0
        let converter = self.converter
        defer {
            self.index = index
            swap(&known, &people)
            diagnostics += found
        }
        let outcome: StreamedJSON.Outcome
        do {
            outcome = try withoutActuallyEscaping(emit) { emit throws(ImportError) in
                try StreamedJSON.read(bytes, file: file, lists: ["$"], tapeLists: ["$"]) { event in
                    let (path, tape): (String, JSONTape)
                    switch event {
                    case let .tapedRecord(_, recordPath, _, recordTape): (path, tape) = (recordPath, recordTape)
                    // The importer asks for tapes; a tree is read as its tape all the same.
                    case let .record(_, recordPath, _, value): (path, tape) = (recordPath, JSONTape(value))
                    case .listStarted, .listEnded: return
                    }
                    let raw: SlackExport.Message
                    do throws(ImportError) {
                        raw = try SlackExport.Message(JSONRecord(tape, file: file, path: path, keys: .convertFromSnakeCase))
                    } catch {
                        return found.append(.skipped(error, file: file, location: path))
                    }
                    index.noteListing(parent: raw.ts, replies: (raw.replies ?? []).compactMap(\.ts))
                    guard let messages = converter.convert(raw, people: &known) else {
                        return found.append(
                            .skipped(file: file, location: path, reason: "ts \"\(raw.ts)\" is not a Slack timestamp (seconds.micros)"))
                    }
                    index.noteMessage(raw.ts)
                    count += 1
                    for message in messages { emit(message, RecordLocation(file: file, place: path)) }
                }
            }
        } catch {
            guard case let .syntax(_, offset, line, expected) = error else { throw error }
            let place = [line.map { "line \($0)" }, offset.map { "byte \($0)" }].compactMap { $0 }.joined(separator: ", ")
            return found.append(
                .skipped(
                    file: file, location: place.isEmpty ? "$" : place,
                    reason: "\(expected); the rest of the day file is skipped, the \(count) message\(count == 1 ? "" : "s") before kept",
                    cause: error))
        }
        found += outcome.diagnostics
        guard case .array = outcome.envelopeRead else {
            return found.append(.skipped(file: file, location: "$", reason: "expected a list of messages; the day file is skipped"))
        }
    }

    /// The parents that list thread replies the conversation lacks, as diagnostics; call it once
    /// every day file is read.
    /// - Complexity: O(listed replies).
    func missingReplies() -> [Diagnostic] {
        index.missingReplies().map { parent, missing in
            Diagnostic(
                file: export, location: "\(folder)/ ts \(parent)",
                message:
                    "thread lists \(missing.count) repl\(missing.count == 1 ? "y" : "ies") not in the export (\(missing.joined(separator: ", ")))"
            )
        }
    }
}
