/// How much Parley inflates from one zip entry before it gives up: a cap on the entry's
/// uncompressed bytes and on its compression ratio, both counted while the bytes stream out of
/// libarchive (the sizes a zip header declares are never trusted).
///
/// Real exports are far below the defaults: chat text and JSON compress about 5–20:1, and the
/// largest parsed entry of a big Slack or WhatsApp export is tens of MiB. A zip bomb (zeros or one
/// repeated character, about 1000:1 with deflate) stops after about ``ratioFloorBytes`` bytes.
public struct ZipLimits: Hashable, Sendable {
    /// The most bytes one entry may inflate to; 1 GiB by default (`--max-entry-size`).
    public var maxEntryBytes: Int64
    /// The most uncompressed bytes per compressed byte of an entry once it is past
    /// ``ratioFloorBytes``; 200 by default (`--max-zip-ratio`).
    public var maxRatio: Int64
    /// How many bytes an entry may inflate to before its ratio is checked; 16 MiB by default, so
    /// small, very repetitive files (an empty day, a list of ids) are never refused.
    public var ratioFloorBytes: Int64

    /// Limits of `maxEntryBytes` bytes per entry and a ratio of `maxRatio`:1 past `ratioFloorBytes`.
    public init(maxEntryBytes: Int64 = 1 << 30, maxRatio: Int64 = 200, ratioFloorBytes: Int64 = 16 << 20) {
        self.maxEntryBytes = maxEntryBytes
        self.maxRatio = maxRatio
        self.ratioFloorBytes = ratioFloorBytes
    }
}
