/// Names that message markup refers to by identifier: users, channels, roles and custom emoji.
///
/// Keys are the identifiers as written in the source markup (for Discord, the snowflake in
/// `<@id>`); values are the names to show.
public struct Directory: Hashable, Sendable, Codable {
    public var users: [String: String]
    public var channels: [String: String]
    public var roles: [String: String]
    /// Custom emoji by identifier: name and image URL or path.
    public var emoji: [String: CustomEmoji]

    public init(
        users: [String: String] = [:], channels: [String: String] = [:],
        roles: [String: String] = [:], emoji: [String: CustomEmoji] = [:]
    ) {
        self.users = users
        self.channels = channels
        self.roles = roles
        self.emoji = emoji
    }

    /// Adds the entries of `other`, keeping existing names on conflict.
    public mutating func merge(_ other: Directory) {
        users.merge(other.users) { current, _ in current }
        channels.merge(other.channels) { current, _ in current }
        roles.merge(other.roles) { current, _ in current }
        emoji.merge(other.emoji) { current, _ in current }
    }
}
