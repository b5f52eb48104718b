import ParleyModel

/// The header records of Parley's JSON Lines format (`docs/FORMAT.md`) as they are on the wire;
/// the event records are ``EventRecords`` (module ParleyEventCodec).
enum ParleyRecords {
    struct Header: Codable {
        var type = "header"
        var format: String
        var version: Int
        var title: String?
        var channels: [ChannelEntry]
        var directory: DirectoryEntry?
        var grouping: GroupingPolicy?
    }

    struct ChannelEntry: Codable {
        var id: String
        var name: String
        var topic: String?
        var kind: Channel.Kind?
        var category: String?
        var guild: String?
        var parent: String?
        var grouping: GroupingPolicy?
        var branchPoint: BranchPoint?
        /// ``Channel/formerIDs``; left out when empty (and absent from files written before it).
        var formerIDs: [String]?
        /// ``Channel/platform``; absent from files written before it.
        var platform: Platform?
    }

    struct DirectoryEntry: Codable {
        var users: [String: String]?
        var channels: [String: String]?
        var roles: [String: String]?
        var emoji: [String: CustomEmoji]?
    }
}
