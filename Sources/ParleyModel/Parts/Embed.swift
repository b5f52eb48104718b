/// A rich embed or link preview attached to a message.
public struct Embed: Hashable, Sendable, Codable {
    /// A name/value field of an embed.
    public struct Field: Hashable, Sendable, Codable {
        public var name: String
        public var value: String
        public var isInline: Bool
        public init(name: String, value: String, isInline: Bool = false) {
            self.name = name
            self.value = value
            self.isInline = isInline
        }
    }

    public var title: String?
    public var url: String?
    public var description: String?
    /// The colour bar as `#RRGGBB`, if any.
    public var color: String?
    public var authorName: String?
    /// Thumbnail URL or relative path.
    public var thumbnailURL: String?
    /// Image URLs or relative paths.
    public var imageURLs: [String]
    public var fields: [Field]
    public var footer: String?
    /// The markup of the description and field values; nil means the message's own flavor.
    public var flavor: Content.Flavor?

    public init(
        title: String? = nil, url: String? = nil, description: String? = nil, color: String? = nil,
        authorName: String? = nil, thumbnailURL: String? = nil, imageURLs: [String] = [],
        fields: [Field] = [], footer: String? = nil
    ) {
        self.title = title
        self.url = url
        self.description = description
        self.color = color
        self.authorName = authorName
        self.thumbnailURL = thumbnailURL
        self.imageURLs = imageURLs
        self.fields = fields
        self.footer = footer
    }
}
