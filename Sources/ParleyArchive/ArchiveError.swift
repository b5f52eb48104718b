/// Why a zip archive could not be read. Every case names the archive.
public enum ArchiveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The archive could not be opened: missing, unreadable, or not a zip file.
    case unreadable(file: String, reason: String)
    /// The archive is damaged or truncated: libarchive stopped `offset` bytes into the file,
    /// while reading `entry` (nil when between entries), for `reason`.
    case corrupt(file: String, entry: String?, offset: Int64, reason: String)
    /// `entry` inflates to more than ``ZipLimits/maxEntryBytes`` (`limitBytes`); reading stopped there.
    case entryTooLarge(file: String, entry: String, limitBytes: Int64)
    /// `entry` inflated `uncompressedBytes` from `compressedBytes`, more than ``ZipLimits/maxRatio``
    /// (`limit`) per compressed byte past ``ZipLimits/ratioFloorBytes``; reading stopped there.
    case ratioTooHigh(file: String, entry: String, uncompressedBytes: Int64, compressedBytes: Int64, limit: Int64)

    public var description: String {
        switch self {
        case let .unreadable(file, reason):
            return "\(file): cannot open as a zip archive: \(reason)"
        case let .corrupt(file, entry, offset, reason):
            let place = entry.map { "entry \"\($0)\", " } ?? ""
            return "\(file): \(place)byte \(offset): damaged zip archive: \(reason)"
        case let .entryTooLarge(file, entry, _), let .ratioTooHigh(file, entry, _, _, _):
            return "\(file): \(entry): \(expectation)"
        }
    }

    /// What was expected and what was found: a limit and what the entry held, or libarchive's reason.
    public var expectation: String {
        switch self {
        case let .unreadable(_, reason), let .corrupt(_, _, _, reason):
            return reason
        case let .entryTooLarge(_, _, limit):
            return "expected at most \(limit) bytes uncompressed (--max-entry-size); the entry holds more"
        case let .ratioTooHigh(_, _, uncompressed, compressed, limit):
            return "expected at most \(limit) bytes uncompressed per compressed byte (--max-zip-ratio); "
                + "the entry inflated \(uncompressed) bytes from \(compressed)"
        }
    }
}
