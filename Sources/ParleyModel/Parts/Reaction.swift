/// An emoji reaction and how many people added it.
public struct Reaction: Hashable, Sendable, Codable {
    /// The emoji's name: the Unicode emoji itself, or a custom emoji's name.
    public var emoji: String
    /// The custom emoji's identifier, nil for a Unicode emoji.
    public var emojiID: String?
    /// The custom emoji's image URL or relative path.
    public var imageURL: String?
    public var count: Int

    public init(emoji: String, emojiID: String? = nil, imageURL: String? = nil, count: Int) {
        self.emoji = emoji
        self.emojiID = emojiID
        self.imageURL = imageURL
        self.count = count
    }
}
