import ParleyModel

/// Converts one ChatGPT conversation to channels: the shown path, then one channel per other
/// branch (regenerated answers, edited prompts) with its ``BranchPoint``.
///
/// Hidden nodes are skipped: system and tool messages, messages to an internal recipient
/// (`recipient` other than `all`), private reasoning (`thoughts`, `reasoning_recap`) and user
/// settings. When `current_node` is missing or names no node of the mapping, the shown path ends
/// at the newest leaf (``ChatGPTTree/newestLeaf()``) and the other branches are kept as they
/// always are; the choice is reported naming the conversation and the leaf (for a missing
/// `current_node`, only when there was a choice: more than one leaf). When the tree is broken (a
/// cycle, a missing parent on the shown path), the conversation's shown messages are kept in time
/// order in one channel and the problem is reported naming the node. Times come from
/// `create_time`; a message without one, or with one not after the message before it, is placed
/// 1 ms after that message so the order stays.
struct ChatGPTConversationConverter {
    let file: String
    let conversation: ChatGPTConversation
    let path: String
    let id: ChannelID
    let nodes: [String: ChatGPTNode]
    /// The time given to each node converted so far (UTC milliseconds).
    private(set) var times: [String: Int64] = [:]
    /// Messages that had no `create_time`.
    private(set) var untimed = 0
    /// The time of the last message of the line being converted.
    private var lastTime: Int64?
    /// Nodes that cannot be read and messages whose time cannot be read, skipped, reported by ``convert()``.
    private var skipped: [Diagnostic] = []

    init(file: String, conversation: ChatGPTConversation, path: String, key: String?) {
        self.file = file
        self.conversation = conversation
        self.path = path
        var skipped: [Diagnostic] = []
        let nodes = (conversation.mapping ?? [:]).compactMapValues { $0.record(file: file, diagnostics: &skipped) }
        self.skipped = skipped.sorted { $0.location < $1.location }
        self.nodes = nodes
        let root = nodes.keys.filter { nodes[$0]?.parent == nil }.min() ?? nodes.keys.min() ?? path
        id = ChannelID(conversation.conversation_id ?? conversation.id ?? key ?? "conversation-\(root)")
    }

    /// The conversation's channels, the shown path first, and the problems met.
    mutating func convert() -> ([Channel], [Diagnostic]) {
        let title = conversation.title ?? "Untitled conversation"
        let tree = ChatGPTTree(nodes: nodes)
        var lines: [ChatGPTTree.Line]
        var diagnostics: [Diagnostic] = []
        var end = conversation.current_node.flatMap { nodes[$0] == nil ? nil : $0 }
        if end == nil {
            let newest = tree.newestLeaf()
            let ending = newest.map { "; " + Self.ending($0.node, of: $0.leaves) } ?? ""
            if let current = conversation.current_node {
                diagnostics.append(
                    Diagnostic(
                        file: file, location: "\(path).current_node",
                        message: "conversation \(id): current_node \"\(current)\" is not in the mapping\(ending)"))
            } else if let newest, newest.leaves > 1 {
                diagnostics.append(Diagnostic(file: file, location: path, message: "conversation \(id): no current_node\(ending)"))
            }
            end = newest?.node
        }
        do {
            lines = tree.lines(shownPath: try tree.shownPath(to: end))
        } catch {
            let ordered = nodes.keys.sorted { (nodes[$0]?.message?.create_time ?? 0, $0) < (nodes[$1]?.message?.create_time ?? 0, $1) }
            lines = [ChatGPTTree.Line(nodes: ordered)]
            let shown = ordered.filter { Self.isShown(nodes[$0]?.message) }.count
            diagnostics.append(
                Diagnostic(
                    file: file, location: "\(path).mapping",
                    message: "\(error.description); the conversation's \(shown) shown messages are kept in time order"))
        }
        var channels: [Channel] = []
        var channelOfLine: [ChannelID] = []
        for (index, line) in lines.enumerated() {
            let channelID = index == 0 ? id : ChannelID("\(id)~\(line.nodes[0])")
            let start = line.forkParent.flatMap { shownAncestor(of: $0) }.flatMap { times[$0] }
            lastTime = nil
            var messages: [Message] = []
            for node in line.nodes {
                if let message = message(for: node, channel: channelID, after: start) { messages.append(message) }
            }
            let parentChannel = line.parentLine.map { channelOfLine[$0] }
            channelOfLine.append(index == 0 || !messages.isEmpty ? channelID : parentChannel ?? id)
            guard index == 0 || !messages.isEmpty else { continue }
            var channel = Channel(
                id: channelID, name: index == 0 ? title : "\(title) · branch \(channels.count)", kind: index == 0 ? .direct : .thread,
                category: index == 0 ? nil : title, messages: messages)
            if let parentChannel, let parentLine = line.parentLine {
                channel.branchPoint = BranchPoint(
                    channel: parentChannel, parent: line.forkParent.flatMap { shownAncestor(of: $0) }.map { MessageID($0) },
                    alternativeTo: line.alternativeTo.flatMap { firstShown(from: $0, in: lines[parentLine]) }.map { MessageID($0) })
            }
            channels.append(channel)
        }
        return (channels, diagnostics + skipped)
    }

    /// The note on a shown path chosen to end at `leaf`, the newest of `leaves` leaves.
    private static func ending(_ leaf: String, of leaves: Int) -> String {
        let which = leaves == 1 ? "its only leaf" : "the newest of its \(leaves) leaves"
        return "the shown branch ends at \(which), \"\(leaf)\", and the other branches are kept"
    }

    /// The message of `node`, or nil when the node is hidden or empty. Updates the line's clock.
    private mutating func message(for node: String, channel: ChannelID, after start: Int64?) -> Message? {
        guard let raw = nodes[node]?.message, Self.isShown(raw) else { return nil }
        let content = ChatGPTContentConverter(raw)
        guard !content.text.isEmpty || !content.attachments.isEmpty else { return nil }
        let previous = lastTime ?? start
        let own: Int64?
        if let seconds = raw.create_time {
            guard let time = Timestamp(secondsSince1970: seconds) else {
                skipped.append(
                    .skipped(
                        file: file, location: "\(path).mapping.\(node).message.create_time",
                        reason: "\(seconds) is not a time in the years 0001–9999 (seconds since 1970)"))
                return nil
            }
            own = time.milliseconds
        } else {
            own = nil
            untimed += 1
        }
        let time: Int64
        if let own, previous.map({ own > $0 }) ?? true {
            time = own
        } else {
            time = previous.map { $0 + 1 } ?? conversation.create_time.flatMap { Timestamp(secondsSince1970: $0)?.milliseconds } ?? 0
        }
        times[node] = time
        lastTime = time
        return Message(
            id: MessageID(node), channel: channel, author: Self.author(raw.author), timestamp: Timestamp(milliseconds: time),
            content: Content(text: content.text, flavor: .commonMark), attachments: content.attachments)
    }
}
