/// The person or bot who wrote a message, as the source showed them at export time.
public struct Author: Hashable, Sendable, Codable, Identifiable {
    public var id: AuthorID
    /// The account name (Discord `name`, a phone number, a Slack handle).
    public var name: String
    /// The name shown in the conversation (a nickname), when it differs from `name`.
    public var displayName: String?
    /// The avatar: a URL or a path relative to the input file.
    public var avatarURL: String?
    /// The name colour as `#RRGGBB`, if the source gives one.
    public var color: String?
    public var isBot: Bool

    public init(
        id: AuthorID, name: String, displayName: String? = nil, avatarURL: String? = nil,
        color: String? = nil, isBot: Bool = false
    ) {
        self.id = id
        self.name = name
        self.displayName = displayName
        self.avatarURL = avatarURL
        self.color = color
        self.isBot = isBot
    }

    /// The name to show: the display name when present and not empty, else the account name.
    public var shownName: String {
        if let displayName, !displayName.isEmpty { return displayName }
        return name
    }
}
