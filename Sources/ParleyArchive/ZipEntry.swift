/// One regular file inside a zip archive.
public struct ZipEntry: Hashable, Sendable {
    /// The entry's path inside the archive, `/`-separated, as stored (UTF-8).
    public var path: String
    /// The uncompressed size in bytes, when the archive records it.
    public var sizeBytes: Int64?

    /// An entry at `path` whose uncompressed size is `sizeBytes` bytes, if known.
    public init(path: String, sizeBytes: Int64? = nil) {
        self.path = path
        self.sizeBytes = sizeBytes
    }

    /// The last path component (`users.json` for `export/users.json`).
    public var fileName: String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }
}
