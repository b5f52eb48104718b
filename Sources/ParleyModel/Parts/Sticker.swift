/// A sticker sent as (part of) a message.
public struct Sticker: Hashable, Sendable, Codable {
    public var id: String
    public var name: String
    /// The image format as the source names it (`Png`, `PngAnimated`, `Lottie`, …).
    public var format: String
    /// The image URL or relative path.
    public var url: String?

    public init(id: String, name: String, format: String, url: String? = nil) {
        self.id = id
        self.name = name
        self.format = format
        self.url = url
    }
}
