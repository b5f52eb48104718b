/// A file sent with a message.
public struct Attachment: Hashable, Sendable, Codable {
    public var id: String
    /// The file's location: a URL or a path relative to the input file.
    public var url: String
    public var fileName: String
    /// The file's size in bytes, if known.
    public var sizeBytes: Int64?
    /// Image or video dimensions in pixels, if known.
    public var width: Int?
    public var height: Int?
    /// A description or caption (alt text).
    public var description: String?
    /// The media type (`image/png`, `audio/ogg`), when the source names it; renderers fall back
    /// to the file name's extension.
    public var contentType: String?
    /// The export's own note that it left the file out (WhatsApp `<Media omitted>`, `image omitted`),
    /// in the export's language; nil when the file is part of the export.
    public var omission: String?

    public init(
        id: String, url: String, fileName: String, sizeBytes: Int64? = nil,
        width: Int? = nil, height: Int? = nil, description: String? = nil
    ) {
        self.id = id
        self.url = url
        self.fileName = fileName
        self.sizeBytes = sizeBytes
        self.width = width
        self.height = height
        self.description = description
    }
}
