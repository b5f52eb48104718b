import Foundation
import ParleyModel

/// Reads ChatGPT's `conversations.json`: each conversation becomes a channel holding the
/// branch the user last saw, and each other branch (a regenerated answer, an edited prompt)
/// becomes a channel of its own whose ``Channel/branchPoint`` links it back, so none is lost.
///
/// Roles become authors (`You`, `ChatGPT`); hidden system, tool and reasoning nodes are
/// skipped; text is CommonMark source; parts without text become attachments. A broken tree
/// (cycle, missing parent) is reported naming the node, and its messages are kept.
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

    /// Imports one `conversations.json`.
    /// - Parameters:
    ///   - data: The file's bytes (UTF-8 JSON).
    ///   - file: The file name used in errors and diagnostics.
    /// - Returns: Channels in conversation order (an object of conversations in key order),
    ///   each conversation's shown path followed by its branches.
    /// - Throws: ``ImportError/syntax(file:offset:line:expected:)`` for malformed JSON,
    ///   ``ImportError/schema(file:path:expected:)`` for a value of the wrong type.
    /// - Complexity: O(n log n) for n nodes.
    public func importTranscript(_ data: Data, file: String) throws(ImportError) -> ImportResult {
        let (document, truncation) = try JSONInput.decode(ChatGPTDocument.self, from: data, file: file, records: ["$", "mapping"])
        var channels: [Channel] = []
        var diagnostics = truncation + document.unreadable.map { Diagnostic.skipped(decoding: $0, file: file) }
        var untimed: [String] = []
        var seen: Set<ChannelID> = []
        for entry in document.conversations {
            var converter = ChatGPTConversationConverter(file: file, conversation: entry.conversation, path: entry.path, key: entry.key)
            guard seen.insert(converter.id).inserted else {
                diagnostics.append(
                    Diagnostic(
                        file: file, location: entry.path, message: "conversation \(converter.id) appears twice; the first copy is kept"))
                continue
            }
            let (conversationChannels, problems) = converter.convert()
            channels += conversationChannels
            diagnostics += problems
            if converter.untimed > 0 { untimed.append(entry.path) }
        }
        if let first = untimed.first {
            diagnostics.append(
                Diagnostic(
                    file: file, location: first,
                    message:
                        "messages without \"create_time\" in \(untimed.count) conversation(s); each is placed 1 ms after the message before it"
                ))
        }
        let title = document.conversations.count == 1 ? channels.first?.name ?? "ChatGPT" : "ChatGPT"
        return ImportResult(
            transcript: Transcript(title: title, channels: channels), diagnostics: diagnostics, format: .chatGPT, file: file)
    }
}
