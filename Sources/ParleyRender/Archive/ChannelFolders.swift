import ParleyModel

/// The folder of each channel in an archive (`c/NAME/`): a name every file system accepts, that no
/// file manager hides, that no other channel's folder equals on a case-insensitive file system,
/// and that stays the same as channels are added to the archive.
///
/// A channel's *legacy name* is its id with every byte outside `[A-Za-z0-9_-]` written as `.XX`
/// (``DOMID``), the only name Parley gave folders before. It is kept when it is safe: it is not empty, it does not
/// start with a dot (an id such as Matrix's `!room:example.org`), it is at most
/// ``maximumLegacyBytes`` bytes long, and no channel before it in the archive's order took the
/// same name ignoring ASCII case. Any other channel gets a *derived name*, marked by `~`, which a
/// legacy name never contains, so a derived name never takes a later channel's legacy name:
///
/// - a legacy name that only starts with a dot gets `~` in front (`~.21room.3Aexample.org`);
/// - a longer name, or one another channel took, keeps its first ``derivedPrefixBytes`` bytes
///   (never cutting a `.XX` escape) and ends in `~` and the 16 hex digits of the id's
///   ``StableHasher`` digest; in the rare case that name is taken too, `-2`, `-3`, … follows.
///
/// Names are assigned in the order of `channels`, legacy names first. An archive lists its
/// channels in the order it first met them, new ones last, so adding channels never renames the
/// folder of a channel the archive already had.
public struct ChannelFolders: Sendable {
    /// The longest legacy name kept: one byte under the common 255-byte limit of a file name.
    public static let maximumLegacyBytes = 254
    /// The bytes of a legacy name a derived name keeps at most before its `~` and digest.
    public static let derivedPrefixBytes = 100

    /// The folder name of each channel (without `c/` and the final `/`).
    public private(set) var names: [ChannelID: String] = [:]

    /// Assigns folders to `channels`, in order (a repeated id keeps its first folder).
    /// - Complexity: O(total length of the ids).
    public init(_ channels: [ChannelID]) {
        var taken = Set<String>()
        var unsafe: [ChannelID] = []
        for id in channels where names[id] == nil {
            let legacy = Self.legacyName(id)
            if Self.isSafe(legacy), taken.insert(Self.folded(legacy)).inserted {
                names[id] = legacy
            } else {
                names[id] = ""
                unsafe.append(id)
            }
        }
        for id in unsafe {
            let legacy = Self.legacyName(id)
            let marked = legacy.hasPrefix(".") ? "~" + legacy : legacy
            var name = marked
            let needsDigest = !legacy.hasPrefix(".") || marked.utf8.count > Self.maximumLegacyBytes || taken.contains(Self.folded(marked))
            if needsDigest {
                var hasher = StableHasher()
                hasher.feed(id.rawValue)
                name = Self.prefix(of: marked) + "~" + String(hasher.digest, radix: 16).leftPadded(to: 16)
            }
            let base = name
            var suffix = 2
            while !taken.insert(Self.folded(name)).inserted {
                name = base + "-" + String(suffix)
                suffix += 1
            }
            names[id] = name
        }
    }

    /// The channel's folder below the archive root: `c/NAME/`.
    public func folder(of channel: ChannelID) -> String { "c/" + (names[channel] ?? Self.legacyName(channel)) + "/" }

    /// The folder name Parley gave the channel before folders were checked: its id with every
    /// byte outside `[A-Za-z0-9_-]` written as `.XX`.
    public static func legacyName(_ channel: ChannelID) -> String { DOMID.encode(channel.rawValue) }

    /// Whether a legacy name may stay: not empty, no leading dot, short enough for any file system.
    private static func isSafe(_ legacy: String) -> Bool {
        !legacy.isEmpty && !legacy.hasPrefix(".") && legacy.utf8.count <= maximumLegacyBytes
    }

    /// The name as a case-insensitive file system compares it (the names are ASCII).
    static func folded(_ name: String) -> String { name.lowercased() }

    /// At most ``derivedPrefixBytes`` bytes of `name`, not cutting a `.XX` escape.
    private static func prefix(of name: String) -> String {
        let bytes = Array(name.utf8)
        guard bytes.count > derivedPrefixBytes else { return name }
        var end = derivedPrefixBytes
        if bytes[end - 1] == UInt8(ascii: ".") {
            end -= 1
        } else if bytes[end - 2] == UInt8(ascii: ".") {
            end -= 2
        }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}
