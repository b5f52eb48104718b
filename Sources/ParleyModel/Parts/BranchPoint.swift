/// Where an alternative branch of a conversation leaves its main line.
///
/// ChatGPT keeps every version of a conversation as a tree: regenerating an answer or editing a
/// prompt adds a sibling node. The version the user last saw becomes a channel; each other
/// version becomes a channel of its own whose ``Channel/branchPoint`` says where it forks, so
/// no version is lost and a renderer can link between them.
public struct BranchPoint: Hashable, Sendable, Codable {
    /// The channel holding the line this branch forks from.
    public var channel: ChannelID
    /// The last message the branch shares with that line, nil when it forks at the very start.
    public var parent: MessageID?
    /// The message on that line this branch is an alternative to (the other answer or prompt), if visible.
    public var alternativeTo: MessageID?

    /// A branch point in `channel` after `parent`, replacing `alternativeTo`.
    public init(channel: ChannelID, parent: MessageID? = nil, alternativeTo: MessageID? = nil) {
        self.channel = channel
        self.parent = parent
        self.alternativeTo = alternativeTo
    }
}
