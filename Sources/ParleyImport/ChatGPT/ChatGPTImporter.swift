import Foundation
import ParleyJSON
import ParleyModel

/// Reads ChatGPT's `conversations.json`: each conversation becomes a channel holding the
/// branch the user last saw, and each other branch (a regenerated answer, an edited prompt)
/// becomes a channel of its own whose ``Channel/branchPoint`` links it back, so none is lost.
///
/// Roles become authors (`You`, `ChatGPT`); hidden system, tool and reasoning nodes are
/// skipped; text is CommonMark source; parts without text become attachments. Without a
/// `current_node` naming a node of the tree, the branch shown ends at the newest leaf and the
/// others are branches as always (reported when there was a choice). A broken tree (cycle,
/// missing parent) is reported naming the node, and its messages are kept.
public struct ChatGPTImporter: Sendable {
    /// An importer of ChatGPT exports.
    public init() {}

    /// Whether `data` looks like a ChatGPT export: JSON whose first bytes hold a `"mapping"`
    /// key and a `"children"` or `"parent"` key. Returns nil when it does, else why not.
    public func rejection(of data: Data) -> String? {
        let sniffer = JSONSniffer(data)
        guard sniffer.isObject || sniffer.isArray else { return "not a JSON object or array" }
        guard sniffer.hasKey("mapping") else { return "no \"mapping\" key near the start" }
        guard sniffer.hasKey("children") || sniffer.hasKey("parent") else { return "no \"children\" or \"parent\" key near the start" }
        return nil
    }

    /// Imports one `conversations.json`, streaming a list of conversations one conversation at
    /// a time (a single conversation object, or an object of conversations, is read whole).
    /// - Parameters:
    ///   - data: The file's bytes (UTF-8 JSON).
    ///   - file: The file name used in errors and diagnostics.
    /// - Returns: Channels in conversation order (an object of conversations in key order),
    ///   each conversation's shown path followed by its branches.
    /// - Throws: ``ImportError/syntax(file:offset:line:expected:)`` for malformed JSON, and for a
    ///   file cut short outside a list of conversations; ``ImportError/schema(file:path:expected:)``
    ///   for a value of the wrong type. A conversation of a list that cannot be read is skipped and
    ///   reported; a list cut short keeps the whole conversations before the break.
    /// - Complexity: O(n log n) for n nodes; memory holds the channels converted and one
    ///   conversation being read (streamed into a sink: the channels without their messages).
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

    /// Imports the export in `bytes`; with a `sink`, each conversation's messages are handed to
    /// it as soon as the conversation's record is read and converted instead of being kept, and
    /// the result's channels have no messages (a single conversation, or an object of them, is
    /// read whole, then handed over).
    func importTranscript(_ bytes: InputBytes, file: String, sink: (any MessageSink)?) throws(ImportError) -> ImportResult {
        var reading = ChatGPTReading(file: file, sink: sink)
        let decoder = JSONValueDecoder()
        let outcome = try StreamedJSON.read(bytes, file: file, lists: ["$"]) { event in
            guard case let .record(_, path, _, value) = event,
                let conversation = Lossy<ChatGPTConversation>.record(
                    value, at: path, decoder: decoder, file: file, diagnostics: &reading.unreadable)
            else { return }
            reading.take(conversation, path: String(path.dropFirst()), key: nil)
        }
        switch outcome.envelopeRead {
        case .array: break
        case let envelope:
            let document = try StreamedJSON.decode(ChatGPTDocument.self, from: envelope, file: file, decoder: decoder)
            for entry in document.conversations { reading.take(entry.conversation, path: entry.path, key: entry.key) }
        }
        let title = reading.count == 1 ? reading.channels.first?.name ?? "ChatGPT" : "ChatGPT"
        return ImportResult(
            transcript: Transcript(title: title, channels: reading.channels), diagnostics: outcome.diagnostics + reading.diagnostics,
            format: .chatGPT, file: file)
    }
}
