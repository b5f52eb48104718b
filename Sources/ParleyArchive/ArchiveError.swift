/// Why a zip archive could not be read. Every case names the archive.
public enum ArchiveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The archive could not be opened: missing, unreadable, or not a zip file.
    case unreadable(file: String, reason: String)
    /// The archive is damaged or truncated: libarchive stopped `offset` bytes into the file,
    /// while reading `entry` (nil when between entries), for `reason`.
    case corrupt(file: String, entry: String?, offset: Int64, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(file, reason):
            return "\(file): cannot open as a zip archive: \(reason)"
        case let .corrupt(file, entry, offset, reason):
            let place = entry.map { "entry \"\($0)\", " } ?? ""
            return "\(file): \(place)byte \(offset): damaged zip archive: \(reason)"
        }
    }
}
